import "server-only";
import { db } from "@/lib/core/db";

/** The timeline step naming a transaction hash returned for a payment (by its buyer's wallet, or our relayer). */
export const transactionSubmittedEvent = "payment.transaction_submitted";

/**
 * How long after its expiry a payment may still be found paid (late): a buyer's wallet that
 * broadcast just before the deadline, or an authorization executed by someone else after a reorg.
 */
export const paidLateHorizonMs = 7 * 24 * 60 * 60 * 1000;

/**
 * What only one payment produced, by which a transfer on its chain is credited to it: the
 * EIP-3009 authorizations it offered (authorizer and nonce, whoever broadcast them) and the
 * transaction hashes its buyer's wallet (or our relayer) returned for it. A hash two payments were
 * given (whatever their status) proves neither: it is left to the payment that verified it first
 * and to support.
 */
export type AttributionKeys = { byAuthorization: Map<string, string>; byHash: Map<string, string[]> };

export const authorizationKey = (authorizer: string, nonce: string) =>
  `${authorizer.toLowerCase()}:${nonce.toLowerCase()}`;

/** The keys of every live payment on `chainId` that a transfer may still pay (open, confirming, or lately expired). */
export async function attributionKeys(chainId: string): Promise<AttributionKeys> {
  const payments = await db().payment.findMany({
    where: {
      mode: "live",
      optionAsset: { startsWith: `${chainId}/` },
      OR: [
        { status: { in: ["requires_action", "processing"] } },
        { status: "expired", expiresAt: { gt: new Date(Date.now() - paidLateHorizonMs) } },
      ],
    },
    select: { id: true },
  });
  const ids = payments.map((p) => p.id);
  const [options, submissions] = ids.length
    ? await Promise.all([
        db().gatewayOption.findMany({
          where: { paymentId: { in: ids }, mode: "live", method: "eip3009", nonce: { not: null } },
          select: { paymentId: true, payer: true, nonce: true },
        }),
        db().paymentEvent.findMany({
          where: { paymentId: { in: ids }, type: transactionSubmittedEvent },
          select: { paymentId: true, data: true },
        }),
      ])
    : [[], []];
  const byAuthorization = new Map(
    options.map((o) => [authorizationKey(o.payer.split(":").pop()!, o.nonce!), o.paymentId]),
  );
  const byHash = new Map<string, string[]>();
  for (const { paymentId, data } of submissions) {
    const txHash = (data as { txHash?: unknown }).txHash;
    if (typeof txHash !== "string") continue;
    const claimants = byHash.get(txHash.toLowerCase()) ?? [];
    if (!claimants.includes(paymentId)) byHash.set(txHash.toLowerCase(), [...claimants, paymentId]);
  }
  // The same hash returned for a payment no longer open (cancelled, paid) makes it no proof either.
  const hashes = [...byHash.keys()];
  const elsewhere = hashes.length
    ? await db().$queryRaw<
        { paymentId: string; txHash: string }[]
      >`SELECT "paymentId", lower("data"->>'txHash') AS "txHash" FROM "PaymentEvent" WHERE "type" = ${transactionSubmittedEvent} AND lower("data"->>'txHash') = ANY(${hashes})`
    : [];
  for (const { paymentId, txHash } of elsewhere) {
    const claimants = byHash.get(txHash)!;
    if (!claimants.includes(paymentId)) claimants.push(paymentId);
  }
  return { byAuthorization, byHash };
}

/**
 * The payment a transfer was made for, or null: the authorization used in its transaction first
 * (it names the payment beyond doubt), else the one payment its hash was returned for. Amount,
 * time and wallet are never enough: at a shared wallet they are only support's guess.
 */
export function attributeTransfer(
  transfer: { txHash: string; authorizations: string[] },
  keys: AttributionKeys,
): string | null {
  for (const used of transfer.authorizations) {
    const paymentId = keys.byAuthorization.get(used);
    if (paymentId) return paymentId;
  }
  const claimants = keys.byHash.get(transfer.txHash.toLowerCase());
  return claimants?.length === 1 ? claimants[0]! : null;
}
