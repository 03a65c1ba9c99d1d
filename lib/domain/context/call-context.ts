import { db, type DbOrTx } from "@/lib/core/db";
import type { Scope } from "@/lib/core/tenancy/scope";

/**
 * What every domain function is handed as its first argument, whoever called it (a `/v1` operation, a
 * dashboard action, a checkout route): the client to read and write through, whose data it may touch, and
 * how the audit log and timelines name the caller. A write's `tx` is a transaction the definition of the
 * operation (lib/platform/api/execute.ts) or action (lib/platform/actions/action.ts) opened because it
 * declares that it writes, committed when the handler returns; domain functions do not open their own. A
 * checkout POST's definition (lib/platform/checkout/routes/) opens the buyer's context on the payment it
 * names (actor `buyer`, `tx` the client): the checkout's work is among the exceptions below.
 *
 * The exceptions, each with its reason (the `ownTransactions` operations and the actions that declare no
 * write call them with `tx` the client):
 * - Work that reads or changes something outside the database between its writes, where a transaction must
 *   not stay open across the outside call, or must commit before it: lib/domain/gateway/confirm.ts (the
 *   confirmation commits before the relayer broadcasts), lib/domain/gateway/relay.ts and solana/relay.ts (record
 *   the submission or its failure around the broadcast), lib/domain/gateway/recover-submissions.ts and
 *   lib/domain/gateway/relay-gas.ts (read receipts from the chain), lib/domain/gateway/options.ts (quotes
 *   under the payment's lock, for Gateway calls that hold long polls), lib/domain/gateway/cancel.ts (a
 *   Gateway call: the Gateway's operations wait on the chain and polls),
 *   lib/domain/payments/verify-payment.ts, lib/domain/refunds/verify-refund.ts,
 *   lib/domain/payments/attach-transaction.ts, lib/domain/refunds/attach-refund-transaction.ts,
 *   lib/domain/unmatched-transfers/attach-unmatched-transfer.ts (read a transaction's receipt from the
 *   chain, then write what it proved), lib/platform/checkout/choose-option.ts and
 *   lib/domain/payments/submit-transaction.ts (quote from the rate source or verify on chain around the
 *   write), lib/domain/x402/facilitator.ts and lib/domain/x402/payment-url.ts (the authorization is
 *   verified on chain before, and settled on chain after, the claim commits).
 * - Work that retries on a concurrent change, each try in a fresh transaction:
 *   lib/platform/checkout/record-outcome.ts, lib/platform/checkout/simulate-checkout.ts (re-reads a
 *   payment another instance finished), lib/domain/payments/get-payment.ts `expireIfDue` (a lazy expiry
 *   made by a read).
 * - Entry points of their own, which are their own definition: background tasks
 *   (lib/platform/tasks/sweep-expired-payments.ts, lib/domain/webhooks/deliver.ts, which POSTs to the
 *   merchant's endpoint between claiming and recording, lib/domain/auth/handle-reset-requests.ts,
 *   lib/core/db/partitions.ts), the CLI (lib/platform/cli/create-account.ts), seeding
 *   (lib/platform/server/seed-demo-account.ts), the public payment-link form
 *   (lib/domain/payment-links/mint-payment.ts, rate-limited before its write), and
 *   lib/domain/payments/list-payments.ts's totals (a read transaction for its `SET LOCAL work_mem`).
 * - Sign-in security, where something is checked or counted before the write that must neither hold a
 *   connection while it runs nor be rolled back with the write: a password hashed
 *   (lib/domain/auth/change-password.ts, reset-password.ts, and the public sign-up, invitation and join
 *   actions), a one-time code or passkey assertion verified and its attempt counted even when wrong
 *   (two-factor.ts, passkeys/), a resend rate-limited (resend-verification.ts).
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
