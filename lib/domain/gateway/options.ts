import "server-only";
import crypto from "node:crypto";
import { encodeFunctionData, erc20Abi, getAddress, toHex, type Address } from "viem";
import { parseAccountId, parseAssetId } from "@/lib/core/caip/caip";
import { chainIdOf } from "@/lib/core/chain/chains";
import { db, type PaymentAttempt, type Payment } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { newId } from "@/lib/core/ids/ids";
import { listPaymentOptions } from "@/lib/domain/payments/payment-options";
import { gatewayAmount } from "./amount";
import { authorizationTypedDataJson, gaslessDomain, type Authorization } from "./eip3009";
import { requirePayable } from "./payable";
import { sponsorshipRefusal } from "./sponsorship";
import { collectorActions } from "./collector/collector-actions";
import { collectorFields } from "./collector/collector-options";
import { solanaOptionActions, solanaOptionFields, solanaQuoteLifetimeMs } from "./solana/options";

/** How long an option's quote holds (never past the payment's own expiry). */
export const quoteLifetimeMs = 5 * 60 * 1000;

/**
 * Unexpired quotes one payment may hold. A wallet asking again gets its quotes back (see below), so
 * only new (settlement × account) pairs add rows: far fewer than this for any buyer, while a caller
 * inventing accounts is stopped here rather than filling the table.
 */
export const maxOpenQuotesPerPayment = 200;

// A quote is handed out again only while a wallet still has time to sign it.
const reuseWhileRemainingMs = 60_000;

type WantedOption = {
  settlementId: string;
  asset: string;
  destination: string;
  payer: string;
  value: string;
  method: "eip3009" | "transaction" | "solana" | "collector";
  /** Solana: the reference key and the offered transaction (lib/domain/gateway/solana/options.ts); collector: the payment's nonce and the plan (lib/domain/gateway/collector). */
  nonce?: string;
  transaction?: string;
};

/**
 * One option per (merchant settlement that can pay the amount × wallet account on its chain), each
 * a quote with its own id, fixed until its `expiresAt`: an unexpired, unconfirmed quote of the same
 * (payment, settlement, account) is answered again rather than a new one made. Gasless (EIP-3009)
 * where the token allows it and, live, the gas sponsorship policy would sponsor it (not a payment to
 * oneself, nor dust, nor past the account's daily budget), otherwise a transaction the wallet sends
 * itself. Accounts on chains the merchant does not settle on get no option.
 */
export async function createGatewayOptions(
  payment: Payment,
  accounts: string[],
  only?: { settlementId: string },
) {
  requirePayable(payment);
  const rows = await optionsFor(payment, accounts, only);
  return Promise.all(rows.map(serializeOption));
}

/**
 * WalletConnect Pay's `refresh`: the named options of this payment are quoted again, and their old
 * quotes end now (confirming one is `quote_expired`); an id that is not this payment's is refused.
 */
export async function retireQuotes(payment: Payment, optionIds: string[]): Promise<void> {
  if (optionIds.length === 0) return;
  const known = await db().paymentAttempt.findMany({
    where: { paymentId: payment.id, id: { in: optionIds }, payer: { not: null } },
    select: { id: true },
  });
  const unknown = optionIds.findIndex((id) => !known.some((o) => o.id === id));
  if (unknown >= 0)
    throw new AppError("invalid_params", "refresh names an option that is not this payment's.", {
      fields: { [`refresh.${unknown}`]: "Unknown option." },
    });
  await db().paymentAttempt.updateMany({
    where: {
      paymentId: payment.id,
      id: { in: optionIds },
      payer: { not: null },
      confirmedAt: null,
      expiresAt: { gt: new Date() },
    },
    data: { expiresAt: new Date() },
  });
}

/** The options the accounts can pay with, cheapest first. */
async function optionsFor(
  payment: Payment,
  accounts: string[],
  only?: { settlementId: string },
): Promise<PaymentAttempt[]> {
  const payers = accounts.map((account, i) => {
    const parsed = parseAccountId(account.trim(), `accounts.${i}`);
    if (!parsed.ok)
      throw new AppError("invalid_params", parsed.error, { fields: { [`accounts.${i}`]: parsed.error } });
    return {
      chainId: `${parsed.value.chainId.namespace}:${parsed.value.chainId.reference}`,
      caip10: account.trim(),
      address: parsed.value.address,
    };
  });
  const settlements = (await listPaymentOptions(db(), payment)).filter(
    (o) => !only || o.settlementId === only.settlementId,
  );
  const wanted: WantedOption[] = [];
  for (const option of settlements) {
    if (chainIdOf(option.asset).startsWith("solana:")) {
      for (const payer of payers.filter((p) => p.chainId === chainIdOf(option.asset))) {
        const fields = await solanaOptionFields(payment, option, payer.address);
        if (fields) wanted.push({ ...option, payer: payer.caip10, method: "solana", ...fields });
      }
      continue;
    }
    const gasless = await gaslessDomain(payment.mode, option.asset);
    for (const payer of payers.filter(
      (p) => p.chainId === chainIdOf(option.asset) && p.chainId.startsWith("eip155:"),
    )) {
      const sponsored =
        gasless !== null &&
        (payment.mode === "test" ||
          (await sponsorshipRefusal({
            accountId: payment.accountId,
            asset: option.asset,
            from: getAddress(payer.address),
            to: address(option.destination),
            value: BigInt(option.value),
          })) === null);
      const collected = sponsored ? null : await collectorFields(payment, option, payer.address);
      wanted.push({
        settlementId: option.settlementId,
        asset: option.asset,
        destination: option.destination,
        payer: payer.caip10,
        value: option.value,
        method: sponsored ? "eip3009" : collected ? "collector" : "transaction",
        ...collected,
      });
    }
  }
  const rows = wanted.length ? await quoteOptions(payment, wanted) : [];
  // Cheapest network first: a gasless option costs the buyer nothing, then fewer units of value.
  rows.sort((a, b) =>
    a.method === b.method
      ? BigInt(a.value.toFixed()) < BigInt(b.value.toFixed())
        ? -1
        : 1
      : a.method !== "transaction"
        ? -1
        : 1,
  );
  return rows;
}

/** The wanted options as quotes: open ones again where they match, new ones within the cap. */
async function quoteOptions(payment: Payment, wanted: WantedOption[]): Promise<PaymentAttempt[]> {
  return db().$transaction(async (tx) => {
    // One quoting at a time per payment, so concurrent calls neither duplicate a quote nor pass the cap together.
    await tx.$queryRaw`SELECT 1 FROM "Payment" WHERE "id" = ${payment.id} FOR UPDATE`;
    const now = Date.now();
    const open = await tx.paymentAttempt.findMany({
      where: { paymentId: payment.id, payer: { not: null }, expiresAt: { gt: new Date(now) } },
      orderBy: { expiresAt: "asc" },
    });
    const reusableUntil = Math.min(now + reuseWhileRemainingMs, payment.expiresAt.getTime());
    const matches = (o: PaymentAttempt, w: WantedOption) =>
      o.settlementId === w.settlementId &&
      o.payer === w.payer &&
      o.asset === w.asset &&
      o.destination === w.destination &&
      o.method === w.method &&
      // A collector quote carries how the allowance will be in place: a buyer who approved since
      // (or whose permit nonce moved) gets a quote asking for what is still needed, no more.
      (o.method !== "collector" || o.transaction === w.transaction) &&
      !o.confirmedAt &&
      !o.supersededAt &&
      o.expiresAt.getTime() >= reusableUntil;
    const reused: PaymentAttempt[] = [];
    const fresh: WantedOption[] = [];
    for (const w of wanted) {
      const found = open.find((o) => matches(o, w));
      if (found) reused.push(found);
      else fresh.push(w);
    }
    if (open.length + fresh.length > maxOpenQuotesPerPayment && fresh.length > 0) {
      const retryAfterSeconds = Math.max(1, Math.ceil((open[0]!.expiresAt.getTime() - now) / 1000));
      throw new AppError(
        "rate_limited",
        `This payment already has ${open.length} open quotes and may hold at most ${maxOpenQuotesPerPayment}: ask again for the accounts you asked for before, or wait ${retryAfterSeconds} s until the oldest quote expires.`,
        { retryAfterSeconds },
      );
    }
    const expiresAt = new Date(Math.min(now + quoteLifetimeMs, payment.expiresAt.getTime()));
    const created = fresh.length
      ? await tx.paymentAttempt.createManyAndReturn({
          data: fresh.map((w) => ({
            id: newId("opt"),
            accountId: payment.accountId,
            mode: payment.mode,
            paymentId: payment.id,
            ...w,
            nonce: w.nonce ?? (w.method === "eip3009" ? toHex(crypto.randomBytes(32)) : null),
            expiresAt:
              w.method === "solana"
                ? new Date(Math.min(now + solanaQuoteLifetimeMs, expiresAt.getTime()))
                : expiresAt,
          })),
        })
      : [];
    return [...reused, ...created];
  });
}

/** The gateway option of this payment with this id: an attempt a wallet account was quoted (not a `transfer` one). */
export function findGatewayOption(paymentId: string, optionId: string): Promise<PaymentAttempt | null> {
  return db().paymentAttempt.findFirst({ where: { id: optionId, paymentId, payer: { not: null } } });
}

export async function serializeOption(option: PaymentAttempt) {
  return {
    id: option.id,
    account: option.payer!,
    amount: await gatewayAmount(`caip19/${option.asset}`, option.value.toFixed()),
    etaS:
      option.method === "eip3009" || option.method === "collector" ? 5 : option.method === "solana" ? 2 : 15,
    actions: await optionActions(option),
    expiresAt: Math.floor(option.expiresAt.getTime() / 1000),
  };
}

// A gateway option always has its payer; only a `transfer` attempt (never an option) has none.
const address = (caip10: string | null) => getAddress(caip10!.split(":").pop()!);

/** The EIP-3009 authorization an option asks the buyer to sign, exactly as verified on confirm. */
export function optionAuthorization(option: PaymentAttempt): Authorization {
  return {
    from: address(option.payer),
    to: address(option.destination),
    value: BigInt(option.value.toFixed()),
    validAfter: option.validAfter,
    validBefore: BigInt(Math.floor(option.expiresAt.getTime() / 1000)),
    nonce: option.nonce as `0x${string}`,
  };
}

/** The wallet RPC calls that pay an option: one signature (gasless) or one transaction. */
export async function optionActions(option: PaymentAttempt) {
  const chain_id = chainIdOf(option.asset);
  if (option.method === "solana") return solanaOptionActions(option);
  if (option.method === "collector") return collectorActions(option);
  if (option.method === "eip3009") {
    const domain = await gaslessDomain(option.mode, option.asset);
    if (!domain)
      throw new AppError(
        "invalid_state",
        "This option can no longer be paid without gas; ask for options again.",
      );
    return [
      {
        type: "walletRpc" as const,
        data: {
          chain_id,
          method: "eth_signTypedData_v4" as const,
          params: [address(option.payer), authorizationTypedDataJson(domain, optionAuthorization(option))],
        },
      },
    ];
  }
  const asset = parseAssetId(option.asset);
  const from = address(option.payer);
  const to = address(option.destination);
  const value = BigInt(option.value.toFixed());
  const transaction: { from: Address; to: Address; value: `0x${string}`; data?: `0x${string}` } =
    asset.ok && asset.value.assetNamespace === "erc20"
      ? {
          from,
          to: getAddress(asset.value.assetReference),
          value: "0x0",
          data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, value] }),
        }
      : { from, to, value: toHex(value) };
  return [
    {
      type: "walletRpc" as const,
      data: { chain_id, method: "eth_sendTransaction" as const, params: [transaction] },
    },
  ];
}
