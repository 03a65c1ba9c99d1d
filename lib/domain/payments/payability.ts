import "server-only";
import { chainIdOf, getChain } from "@/lib/core/chain/chains";
import type { DbOrTx } from "@/lib/core/db";
import { rateFeedEnv } from "@/lib/core/config/env";
import { parseUnit, type Amount } from "@/lib/core/money/money";
import { quoteInAsset } from "@/lib/core/money/quote";
import { caipInWords } from "@/lib/core/money/caip-in-words";
import type { Scope } from "@/lib/core/tenancy/scope";

export type PaymentWarning = { code: "no_payment_option"; message: string };

/**
 * Why no buyer could pay an amount to this merchant, if none could: no crypto settlement, or none
 * that quotes the amount's unit (a stablecoin of its currency, the asset itself, or a configured
 * price feed) on a chain this mode can use. Payments are still created (a settlement may be added
 * before the buyer arrives); the create answer and the dashboard carry the warning.
 */
export async function payabilityWarnings(
  q: DbOrTx,
  scope: Scope,
  merchantId: string,
  amount: Amount,
): Promise<PaymentWarning[]> {
  const settlements = await q.cryptoSettlement.findMany({
    where: { merchantId, accountId: scope.accountId, mode: scope.mode },
    select: { asset: true },
  });
  return warningsForSettlements(
    scope,
    amount,
    settlements.map((s) => s.asset),
  );
}

/** payabilityWarnings for a merchant whose crypto settlements' assets are already known. */
export function warningsForSettlements(scope: Scope, amount: Amount, assets: string[]): PaymentWarning[] {
  const settlements = assets.map((asset) => ({ asset }));
  const unit = parseUnit(amount.unit);
  const currency = unit.ok && unit.value.kind === "fiat" ? unit.value.currency : null;
  const usable = settlements.filter((s) => scope.mode === "test" || getChain(chainIdOf(s.asset)));
  const payable = usable.some(
    (s) =>
      quoteInAsset(amount, s.asset) !== null ||
      (currency !== null && rateFeedEnv[s.asset.toLowerCase()]?.[currency] !== undefined),
  );
  if (payable) return [];
  const message =
    settlements.length === 0
      ? "This merchant has no crypto settlement, so no buyer can pay this payment until one is added."
      : usable.length === 0
        ? `None of this merchant's settlements is on a network this Tollgate can verify in ${scope.mode} mode, so no buyer can pay this payment yet.`
        : `None of this merchant's settlements (${usable.map((s) => caipInWords(s.asset) ?? s.asset).join(", ")}) can pay ${currency ?? unitInWords(amount.unit)}: add ${currency ? `a stablecoin of ${currency} or an asset with a ${currency} price feed` : "a settlement in that asset"}.`;
  return [{ code: "no_payment_option", message }];
}

/** An amount's unit in words: an asset as its symbol and network ("USDC on Base"). */
const unitInWords = (unit: string) =>
  (unit.startsWith("caip19/") && caipInWords(unit.slice("caip19/".length))) || unit;
