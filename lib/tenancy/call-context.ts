import { db, type DbOrTx } from "@/lib/db";
import type { Scope } from "./scope";

/**
 * What every domain function is handed, whoever called it (a `/v1` operation, a dashboard action,
 * a checkout route): the client to read and write through, whose data it may touch, and how the
 * audit log and timelines name the caller. A write's `tx` is a transaction the definition of the
 * operation or action opened (and commits when the handler returns); domain functions never open
 * their own. The few that must (work that has to commit before an outside effect) are listed in
 * the README under "Conventions".
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
