import "server-only";
import {
  BaseError,
  createWalletClient,
  defineChain,
  http,
  NonceTooHighError,
  NonceTooLowError,
  type Hex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { getChain, type Chain } from "@/lib/core/chain/chains";
import { chainClient } from "@/lib/core/chain/client";
import { db } from "@/lib/core/db";
import { relayerKeyEnv } from "@/lib/core/config/env";
import {
  relayerOutOfFunds,
  relayerUnavailable,
  relayFailure,
  shortReason,
} from "@/lib/core/errors/chain-errors";
import { AppError } from "@/lib/core/errors/errors";
import { logger } from "@/lib/core/log/logger";
import { retryOnConflict } from "@/lib/domain/payments/record-event";
import { reopenAfterRelayFailure } from "./relay-failure";
import { verifyPaymentTransaction } from "@/lib/domain/payments/verify-payment";
import { optionAuthorization } from "./options";
import { recordRelayGasIfMined } from "./relay-gas";
import { assertCollectionSponsorable, collectedAlready } from "./collector/collector-relay";
import { assertSponsorable } from "./sponsorship";
import { renewMs, withLease } from "./relayer-lease";
import { claimSubmission, recordRelayerEvent } from "./relayer-submissions";
import { recordUsedAuthorization } from "./used-authorization";

/** The relayer account of a chain, if one is configured. */
export function relayerAccount(chainId: string) {
  const key = relayerKeyEnv[chainId];
  return key ? privateKeyToAccount(key) : null;
}

/**
 * Submits a queued authorization, exactly once: the submission row is claimed by one instance, and
 * sending on a chain is serialised by a lease on the relayer's row, under which the gas sponsorship
 * policy is checked (assertSponsorable) and the submission is given its nonce (takeNonce). A failure
 * (no gas, RPC down, a refusal) is recorded on the payment's timeline, frees the payment to be paid
 * again, and is thrown as its AppError. Answers the hash it broadcast, null when whether it broadcast
 * is unknown (left to recovery), undefined when another instance holds the submission.
 *
 * `replacing` is the hash of an earlier send of this submission that the chain has not mined
 * (recovery): sent again at the same nonce, it offers a quarter more than that transaction's fees,
 * so the node takes it in that one's place and the relayer's later transactions can be mined.
 */
export async function relaySubmission(
  submissionId: string,
  replacing?: Hex,
): Promise<Hex | null | undefined> {
  const claimed = await claimSubmission(submissionId);
  if (!claimed) return undefined;
  const { submission, option } = claimed;
  const chain = getChain(submission.chainId);
  const account = relayerAccount(submission.chainId);
  let broadcasting = false;
  let txHash: Hex;
  let sentWith: number | null = null;
  const alive = setInterval(() => {
    void db()
      .relayerSubmission.updateMany({
        where: { id: submission.id, status: "pending" },
        data: { claimedAt: new Date() },
      })
      .catch(() => {});
  }, renewMs);
  try {
    if (!chain || !account) throw relayerUnavailable(`No relayer is configured for ${submission.chainId}.`);
    txHash = await withLease(chain, account.address, async () => {
      const call =
        option.method === "collector"
          ? await assertCollectionSponsorable(option, account.address, submission.id)
          : await assertSponsorable({
              accountId: submission.accountId,
              asset: option.asset,
              authorization: optionAuthorization(option),
              signature: option.result as Hex,
              relayer: account.address,
              submissionId: submission.id,
            });
      const client = chainClient(chain);
      const [balance, fees] = await Promise.all([
        client.getBalance({ address: account.address }),
        relayFees(chain, replacing),
      ]);
      if (balance < fees.maxFeePerGas * call.gas) throw relayerOutOfFunds();
      // Reserved against the account's budget before the lease is released, until the receipt says what it used.
      await db().relayerSubmission.update({
        where: { id: submission.id },
        data: { gasLimit: Number(call.gas) },
      });
      const wallet = createWalletClient({
        account,
        chain: viemChain(chain),
        transport: http(chain.rpcUrl, { timeout: 10_000 }),
      });
      const send = async (nonce: number) => {
        sentWith = nonce;
        broadcasting = true;
        return wallet.sendTransaction({ to: call.to, data: call.data, gas: call.gas, nonce, ...fees });
      };
      const nonce = await takeNonce(chain, account.address, submission.id, submission.relayerNonce);
      try {
        return await send(nonce);
      } catch (error) {
        // The node's count differs from ours: a lower nonce we gave out never reached it (a lost
        // broadcast: this relay fills its place rather than queue behind it), or another sender of
        // this key used this one. Either way the chain's own count is the next usable nonce.
        if (!(error instanceof BaseError && error.walk((e) => nonceRefused(e)))) throw error;
        broadcasting = false;
        return send(await takeNonce(chain, account.address, submission.id, null, true));
      }
    });
  } catch (error) {
    clearInterval(alive);
    // A timeout or a dropped connection may come after the node took the transaction: the
    // submission stays claimed, and the recovery sweep finds out on chain whether it was sent.
    if (broadcasting && !sentNothing(error)) {
      logger.warn(
        { submissionId: submission.id, reason: shortReason(error) },
        "Relayer: the outcome of a submission is unknown; left for recovery.",
      );
      return null;
    }
    const failure = relayFailure(error);
    // Used already: by our own earlier send (a slow RPC, a replaced relay) or by someone else. That
    // is the money moving, not a failure: the transaction that used it is recorded and verified now,
    // so the buyer need not wait for the recovery sweep, which still finishes it if this cannot.
    if (
      chain &&
      (/authorization is used/i.test(`${failure.message} ${shortReason(error)}`) || collectedAlready(error))
    ) {
      logger.warn({ submissionId: submission.id }, "Relayer: the authorization was already used on chain.");
      return recordUsedAuthorization(chainClient(chain), submission, option, "relay").catch(
        (reason: unknown) => {
          logger.warn(
            { submissionId: submission.id, reason: shortReason(reason) },
            "Relayer: the transaction that used the authorization is left for recovery to verify.",
          );
          return null;
        },
      );
    }
    if (!(error instanceof AppError))
      logger.warn(
        { submissionId: submission.id, code: failure.code, reason: shortReason(error) },
        "Relayer: a submission failed.",
      );
    await db().$transaction(async (tx) => {
      await tx.relayerSubmission.update({
        where: { id: submission.id },
        data: {
          status: "failed",
          activeKey: null,
          gasLimit: null,
          relayerNonce: null,
          error: failure.message,
        },
      });
      // Nothing went out with the nonce it was given: the next relay takes it, leaving no gap.
      if (sentWith !== null && account)
        await tx.relayerLock.updateMany({
          where: { chainId: submission.chainId, address: account.address, nextNonce: sentWith + 1 },
          data: { nextNonce: sentWith },
        });
      await reopenAfterRelayFailure(tx, submission, option.id, failure);
    });
    throw failure;
  }
  clearInterval(alive);
  // The money is on its way: a fault from here on (the database, the RPC) is the recovery sweep's
  // and the watcher's to finish (the authorization names the payment), never the buyer's problem.
  try {
    await retryOnConflict(() =>
      db().$transaction(async (tx) => {
        await tx.relayerSubmission.update({
          where: { id: submission.id },
          data: { status: "submitted", txHash, relayer: account.address },
        });
        await recordRelayerEvent(tx, submission.paymentId, "payment.transaction_submitted", {
          txHash,
          settlementId: option.settlementId,
          relayed: true,
          relayer: account.address,
        });
      }),
    );
    await recordRelayGasIfMined(chain, submission.id, txHash);
    await verifyPaymentTransaction(submission.paymentId, txHash, "relayer");
  } catch (error) {
    logger.warn(
      { submissionId: submission.id, txHash, reason: shortReason(error) },
      "Relayer: broadcast, but could not record or check it yet; left for recovery.",
    );
  }
  return txHash;
}

/**
 * The nonce a submission is sent with, taken under the chain's lease and recorded on the
 * submission in the same transaction that advances the relayer's `nextNonce`, so no two
 * submissions are ever given one nonce, whatever the node's pending count says at that moment.
 * A submission sent before keeps its nonce while the chain has not used it (its earlier
 * transaction is lost or stuck there, and every later one waits behind it); otherwise it is the
 * larger of `nextNonce` and the chain's pending count (another sender of the key moved it on), or
 * with `fromChain` the chain's count alone (the node refused ours as out of order).
 */
export async function takeNonce(
  chain: Chain,
  address: string,
  // Null for a transaction of the relayer's own that is no submission (a deposit sweep).
  submissionId: string | null,
  earlier: number | null,
  fromChain = false,
): Promise<number> {
  const client = chainClient(chain);
  const [mined, pending] = await Promise.all([
    client.getTransactionCount({ address: address as Hex, blockTag: "latest" }),
    client.getTransactionCount({ address: address as Hex, blockTag: "pending" }),
  ]);
  return db().$transaction(async (tx) => {
    const key = { chainId: chain.id, address };
    const row = await tx.relayerLock.findUniqueOrThrow({ where: { chainId_address: key } });
    const next = row.nextNonce ?? 0;
    const keep =
      submissionId !== null &&
      earlier !== null &&
      earlier >= mined &&
      (await tx.relayerSubmission.count({
        where: {
          chainId: chain.id,
          relayer: address,
          relayerNonce: earlier,
          status: { not: "failed" },
          id: { not: submissionId },
        },
      })) === 0;
    const nonce = keep ? earlier : fromChain ? pending : Math.max(next, pending);
    await tx.relayerLock.update({
      where: { chainId_address: key },
      data: { nextNonce: fromChain ? nonce + 1 : Math.max(next, nonce + 1) },
    });
    if (submissionId)
      await tx.relayerSubmission.update({
        where: { id: submissionId },
        data: { relayer: address, relayerNonce: nonce },
      });
    return nonce;
  });
}

/**
 * The fees of a relay: the node's estimate, and when it replaces a transaction the node still
 * holds at the same nonce, at least a quarter more than that one's (nodes take a replacement only
 * for 10% more).
 */
export async function relayFees(
  chain: Chain,
  replacing?: Hex,
): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> {
  const client = chainClient(chain);
  const [estimate, earlier] = await Promise.all([
    client.estimateFeesPerGas(),
    replacing ? client.getTransaction({ hash: replacing }).catch(() => null) : null,
  ]);
  const bumped = (value: bigint | undefined) => ((value ?? 0n) * 5n + 3n) / 4n;
  const max = (a: bigint, b: bigint) => (a > b ? a : b);
  const fees = {
    maxFeePerGas: max(estimate.maxFeePerGas, bumped(earlier?.maxFeePerGas ?? earlier?.gasPrice)),
    maxPriorityFeePerGas: max(
      estimate.maxPriorityFeePerGas,
      bumped(earlier?.maxPriorityFeePerGas ?? earlier?.gasPrice),
    ),
  };
  return { ...fees, maxFeePerGas: max(fees.maxFeePerGas, fees.maxPriorityFeePerGas) };
}

/**
 * Frees a nonce the chain has not used, whose relay is released (its authorization expired): a
 * 0-value transfer to the relayer itself, at a quarter more than what the node holds there, so the
 * relayer's later transactions are no longer stuck behind it. Answers its hash.
 */
export async function fillNonce(chainId: string, nonce: number, replacing?: Hex): Promise<Hex | null> {
  const chain = getChain(chainId);
  const account = relayerAccount(chainId);
  if (!chain || !account) return null;
  return withLease(chain, account.address, async () => {
    const mined = await chainClient(chain).getTransactionCount({ address: account.address });
    if (mined > nonce) return null;
    const wallet = createWalletClient({
      account,
      chain: viemChain(chain),
      transport: http(chain.rpcUrl, { timeout: 10_000 }),
    });
    return wallet.sendTransaction({
      to: account.address,
      value: 0n,
      gas: 21_000n,
      nonce,
      ...(await relayFees(chain, replacing)),
    });
  });
}

function nonceRefused(error: unknown): boolean {
  return error instanceof NonceTooHighError || error instanceof NonceTooLowError;
}

// Until the database is back, the lease is let go of in the background, so that a failover holds
// the relayer up for as long as it lasts rather than for the whole lease. Only this instance's own
// lease is released: its expiry is its token.
export function viemChain(chain: Chain) {
  return defineChain({
    id: chain.numericId,
    name: chain.name,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  });
}

/** Failures that certainly sent nothing: refused before or by the node, or the relayer busy or unconfigured. */
function sentNothing(error: unknown): boolean {
  const texts: string[] = [];
  for (let e: unknown = error, depth = 0; e && depth < 6; depth++, e = (e as { cause?: unknown }).cause) {
    texts.push(
      e instanceof Error
        ? `${(e as { shortMessage?: string }).shortMessage ?? ""} ${e.message} ${(e as { code?: string }).code ?? ""}`
        : String(e),
    );
  }
  const text = texts.join(" ");
  // A connection never made carried nothing; one that broke or timed out may have.
  if (/ECONNREFUSED/.test(text)) return true;
  return !/timed? ?out|fetch failed|socket|ECONNRESET|EPIPE|network|aborted|terminated/i.test(text);
}
