import "server-only";
import type { Payment, DbOrTx } from "@/lib/core/db";
import { chainIdOf, getChain } from "@/lib/core/chain/chains";
import { MAX_ASSET_VALUE } from "@/lib/core/money/money";
import { quoteInAsset } from "@/lib/core/money/quote";
import { quoteAtRate } from "@/lib/domain/rates/quote-at-rate";

export type PaymentOption = { settlementId: string; asset: string; destination: string; value: string };

/**
 * The ways this payment can be paid: each of the merchant's crypto settlements that has a quote for
 * the amount (at par, or at a configured price feed's rate) and, in live mode, sits on a chain whose
 * transfers Tollgate can verify.
 */
export async function listPaymentOptions(q: DbOrTx, payment: Payment): Promise<PaymentOption[]> {
  const settlements = await q.cryptoSettlement.findMany({
    where: { merchantId: payment.merchantId, accountId: payment.accountId, mode: payment.mode },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const amount = { unit: payment.amountUnit, value: payment.amountValue.toFixed() };
  const options = await Promise.all(
    settlements.map(async (s) => {
      if (payment.mode === "live" && !getChain(chainIdOf(s.asset))) return [];
      const value = quoteInAsset(amount, s.asset) ?? (await quoteAtRate(amount, s.asset));
      // A price feed can turn a fiat amount into more than any uint256 transfer can carry.
      return value === null || BigInt(value) > MAX_ASSET_VALUE
        ? []
        : [{ settlementId: s.id, asset: s.asset, destination: s.destination, value }];
    }),
  );
  return options.flat();
}
