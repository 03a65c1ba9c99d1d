import "server-only";
import { createWalletClient, defineChain, http, parseSignature, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { getChain, type Chain } from "@/lib/chain/chains";
import { chainClient } from "@/lib/chain/client";
import { db } from "@/lib/db";
import { env, relayerKeyEnv } from "@/lib/config/env";
import { logger } from "@/lib/log/logger";
import { recordPaymentEvent, retryOnConflict } from "@/lib/payments/record-event";
import { verifyPaymentTransaction } from "@/lib/payments/verify-payment";
import { eip3009Abi } from "./eip3009";
import { optionAuthorization } from "./options";

// A claim older than this belongs to an instance that died mid-send: a running relay renews its
// claim (and its lease) every `renewMs`, however slow the RPC, so it is never taken for dead.
export const staleClaimMs = env.RELAYER_STALE_CLAIM_MS;
const leaseMs = 5_000;
const renewMs = Math.min(1_000, Math.floor(staleClaimMs / 3));

/** The relayer account of a chain, if one is configured. */
export function relayerAccount(chainId: string) {
  const key = relayerKeyEnv[chainId];
  return key ? privateKeyToAccount(key) : null;
}

/**
 * Submits a queued authorization, exactly once: the submission row is claimed by one instance, and
 * sending on a chain is serialised by a lease on the relayer's row, under which the nonce is read
 * from the chain. A failure (no gas, RPC down, a refused authorization) is recorded on the
 * payment's timeline, and frees the payment to be paid again. Answers the hash it broadcast, null
 * when whether it broadcast is unknown (left to recovery), undefined when another instance holds
 * the submission.
 */
export async function relaySubmission(submissionId: string): Promise<Hex | null | undefined> {
  const claimed = await db().relayerSubmission.updateMany({
    where: { id: submissionId, status: "pending", OR: [{ claimedAt: null }, { claimedAt: { lt: new Date(Date.now() - staleClaimMs) } }] },
    data: { claimedAt: new Date() },
  });
  if (claimed.count === 0) return undefined;
  const submission = await db().relayerSubmission.findUniqueOrThrow({ where: { id: submissionId } });
  const option = await db().gatewayOption.findUniqueOrThrow({ where: { id: submission.optionId } });
  const chain = getChain(submission.chainId);
  const account = relayerAccount(submission.chainId);
  let txHash: Hex;
  let sentWith = 0;
  const alive = setInterval(() => {
    void db()
      .relayerSubmission.updateMany({ where: { id: submission.id, status: "pending" }, data: { claimedAt: new Date() } })
      .catch(() => {});
  }, renewMs);
  try {
    if (!chain || !account) throw new Error(`No relayer is configured for ${submission.chainId}.`);
    txHash = await withLease(chain, account.address, async (nonce) => {
      sentWith = nonce;
      const { r, s, v, yParity } = parseSignature(option.result as Hex);
      const auth = optionAuthorization(option);
      const client = chainClient(chain);
      // A transferWithAuthorization costs about 60-90k gas; refuse clearly rather than let the node do it vaguely.
      const [balance, gasPrice] = await Promise.all([client.getBalance({ address: account.address }), client.getGasPrice()]);
      if (balance < gasPrice * 150_000n) throw new Error(`insufficient funds for gas: the relayer ${account.address} holds ${balance} wei`);
      const wallet = createWalletClient({ account, chain: viemChain(chain), transport: http(chain.rpcUrl, { timeout: 10_000 }) });
      return wallet.writeContract({
        address: option.asset.split(":").pop() as Hex,
        abi: eip3009Abi,
        functionName: "transferWithAuthorization",
        args: [auth.from, auth.to, auth.value, auth.validAfter, auth.validBefore, auth.nonce, Number(v ?? 27n + BigInt(yParity)), r, s],
        nonce,
      });
    });
  } catch (error) {
    clearInterval(alive);
    // A timeout or a dropped connection may come after the node took the transaction: the
    // submission stays claimed, and the recovery sweep finds out on chain whether it was sent.
    if (!sentNothing(error)) {
      logger.error({ err: error, submissionId: submission.id }, "Relayer: the outcome of a submission is unknown; left for recovery.");
      return null;
    }
    const reason = relayError(error);
    // Used already: by our own earlier send (a slow RPC, a replaced relay) or by someone else. That
    // is the money moving, not a failure: the recovery sweep and the watcher verify the transaction.
    if (/authorization is used/i.test(reason)) {
      logger.warn({ submissionId: submission.id }, "Relayer: the authorization was already used; left for recovery to verify.");
      return null;
    }
    await db().$transaction(async (tx) => {
      await tx.relayerSubmission.update({ where: { id: submission.id }, data: { status: "failed", activeKey: null, error: reason } });
      // The buyer may confirm again (after the relayer is funded, say): the option is open again.
      await tx.gatewayOption.update({ where: { id: option.id }, data: { confirmedAt: null, result: null } });
      const payment = await tx.payment.findUniqueOrThrow({ where: { id: submission.paymentId } });
      await recordPaymentEvent(tx, payment, { type: "payment.relay_failed", actor: "relayer", data: { optionId: option.id, chainId: submission.chainId, error: reason } });
    });
    throw new RelayFailed(reason);
  }
  clearInterval(alive);
  // The money is on its way: a fault from here on (the database, the RPC) is the recovery sweep's
  // and the watcher's to finish (the authorization names the payment), never the buyer's problem.
  try {
    await retryOnConflict(() =>
      db().$transaction(async (tx) => {
        await tx.relayerSubmission.update({ where: { id: submission.id }, data: { status: "submitted", txHash, relayer: account.address, relayerNonce: sentWith } });
        const payment = await tx.payment.findUniqueOrThrow({ where: { id: submission.paymentId } });
        await recordPaymentEvent(tx, payment, { type: "payment.transaction_submitted", actor: "relayer", data: { txHash, settlementId: option.settlementId, relayed: true, relayer: account.address } });
      }),
    );
    await verifyPaymentTransaction(submission.paymentId, txHash, "relayer");
  } catch (error) {
    logger.warn({ err: error, submissionId: submission.id, txHash }, "Relayer: broadcast, but could not record or check it yet; left for recovery.");
  }
  return txHash;
}

export class RelayFailed extends Error {}

async function withLease<T>(chain: Chain, address: string, send: (nonce: number) => Promise<T>): Promise<T> {
  const key = { chainId: chain.id, address };
  await db().relayerLock.upsert({ where: { chainId_address: key }, create: key, update: {} });
  const deadline = Date.now() + 15_000;
  let held: Date;
  for (;;) {
    const now = new Date();
    held = new Date(now.getTime() + leaseMs);
    const { count } = await db().relayerLock.updateMany({ where: { ...key, OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }] }, data: { lockedUntil: held } });
    if (count === 1) break;
    if (Date.now() > deadline) throw new Error("The relayer is busy on this chain; try again.");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // Renewed while this instance lives (the lease value is its token): a dead one's runs out in seconds.
  const renew = setInterval(() => {
    const next = new Date(Date.now() + leaseMs);
    void db()
      .relayerLock.updateMany({ where: { ...key, lockedUntil: held }, data: { lockedUntil: next } })
      .then(({ count }) => count && (held = next), () => {});
  }, renewMs);
  try {
    const nonce = await chainClient(chain).getTransactionCount({ address: address as Hex, blockTag: "pending" });
    const result = await send(nonce);
    await db().relayerLock.update({ where: { chainId_address: key }, data: { lastNonce: nonce } });
    return result;
  } finally {
    clearInterval(renew);
    await db().relayerLock.updateMany({ where: { ...key, lockedUntil: held }, data: { lockedUntil: null } });
  }
}

function viemChain(chain: Chain) {
  return defineChain({ id: chain.numericId, name: chain.name, nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [chain.rpcUrl] } } });
}

/** Failures that certainly sent nothing: refused before or by the node, or the relayer busy or unconfigured. */
function sentNothing(error: unknown): boolean {
  const texts: string[] = [];
  for (let e: unknown = error, depth = 0; e && depth < 6; depth++, e = (e as { cause?: unknown }).cause) {
    texts.push(e instanceof Error ? `${(e as { shortMessage?: string }).shortMessage ?? ""} ${e.message} ${(e as { code?: string }).code ?? ""}` : String(e));
  }
  const text = texts.join(" ");
  // A connection never made carried nothing; one that broke or timed out may have.
  if (/ECONNREFUSED/.test(text)) return true;
  return !/timed? ?out|fetch failed|socket|ECONNRESET|EPIPE|network|aborted|terminated/i.test(text);
}

/** One line a buyer and support can act on; the RPC's whole error goes to the log only. */
function relayError(error: unknown): string {
  const text = error instanceof Error ? `${(error as { shortMessage?: string }).shortMessage ?? error.message}` : String(error);
  if (/insufficient funds/i.test(text)) return "The relayer has too little gas to submit the payment. The payment is still payable.";
  if (/authorization is used|authorization is expired|invalid signature|not yet valid/i.test(text)) return `The token refused the authorization: ${text.split("\n")[0]}`;
  if (/No relayer/i.test(text)) return text;
  logger.error({ err: error }, "Relayer: the submission failed.");
  return `The relayer could not submit the payment (${text.split("\n")[0]!.slice(0, 200)}). The payment is still payable.`;
}
