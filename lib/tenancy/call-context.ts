import { db, type DbOrTx } from "@/lib/db";
import type { Scope } from "./scope";

/**
 * What every domain function is handed, whoever called it (a `/v1` operation, a dashboard action):
 * the client to read and write through, whose data it may touch, and how the audit log and
 * timelines name the caller. A write's `tx` is a transaction the definition of the operation
 * (lib/api/execute.ts) or action (lib/actions/action.ts) opened because it declares that it
 * writes, committed when the handler returns; domain functions do not open their own.
 *
 * The exceptions, each with its reason (the `ownTransactions` operations and the actions that
 * declare no write call them with `tx` the client):
 * - Work that reads or changes something outside the database between its writes, where a
 *   transaction must not stay open across the outside call, or must commit before it:
 *   lib/gateway/confirm.ts (the confirmation commits before the relayer broadcasts),
 *   lib/gateway/relay.ts (records the submission or its failure around the broadcast),
 *   lib/gateway/recover-submissions.ts and lib/gateway/relay-gas.ts (read receipts from the chain),
 *   lib/gateway/options.ts (quotes under the payment's lock, for Gateway calls that hold long polls),
 *   lib/gateway/cancel.ts (a Gateway call: the Gateway's operations wait on the chain and polls),
 *   lib/payments/verify-payment.ts, lib/refunds/verify-refund.ts, lib/payments/attach-transaction.ts,
 *   lib/refunds/attach-refund-transaction.ts, lib/unmatched-transfers/attach-unmatched-transfer.ts
 *   (read a transaction's receipt from the chain, then write what it proved),
 *   lib/checkout/choose-option.ts and lib/checkout/submit-transaction.ts (quote from the rate source
 *   or verify on chain around the write), lib/x402/facilitator.ts and lib/x402/payment-url.ts (the
 *   authorization is verified on chain before, and settled on chain after, the claim commits).
 * - Work that retries on a concurrent change, each try in a fresh transaction:
 *   lib/checkout/record-outcome.ts, lib/checkout/simulate-checkout.ts (re-reads a payment another
 *   instance finished), lib/payments/get-payment.ts `expireIfDue` (a lazy expiry made by a read).
 * - Entry points of their own, which are their own definition: background tasks
 *   (lib/worker/sweep-expired-payments.ts, lib/webhooks/deliver.ts, which POSTs to the merchant's
 *   endpoint between claiming and recording, lib/auth/handle-reset-requests.ts, lib/db/partitions.ts),
 *   the CLI (lib/cli/create-account.ts), seeding (lib/accounts/seed-demo-account.ts), the public
 *   payment-link form (lib/payment-links/mint-payment.ts, rate-limited before its write), and
 *   lib/payments/list-payments.ts's totals (a read transaction for its `SET LOCAL work_mem`).
 * - Not moved yet: the signed-in person's own login (lib/auth/change-password.ts, two-factor.ts,
 *   passkeys/, reset-password.ts, resend-verification.ts) and the public sign-up and join actions,
 *   whose rate limits and password hashing stay outside the transaction.
 */
export type CallContext = { tx: DbOrTx; scope: Scope; actor: string };

/** How long a definition's write may wait for a connection and run (the API's limits since v1). */
export const writeTransactionLimits = { timeout: 20_000, maxWait: 10_000 } as const;

/** Runs `work` with a context whose `tx` is a new transaction, committed when `work` returns and rolled back when it throws. */
export function inTransaction<R>(
  scope: Scope,
  actor: string,
  work: (ctx: CallContext) => Promise<R>,
): Promise<R> {
  return db().$transaction((tx) => work({ tx, scope, actor }), writeTransactionLimits);
}

/** A context for reads (and for the listed functions that open their own transactions): `tx` is the client itself. */
export function readContext(scope: Scope, actor: string): CallContext {
  return { tx: db(), scope, actor };
}
