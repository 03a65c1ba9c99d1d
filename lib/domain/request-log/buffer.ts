import "server-only";
import { Prisma, rawQuery, type Mode } from "@/lib/core/db";

export type RequestLogEntry = {
  id: string;
  accountId: string;
  mode: Mode;
  apiKeyId: string | null;
  appId: string | null;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  requestBody: Prisma.InputJsonValue | null;
  errorBody: Prisma.InputJsonValue | null;
  createdAt: Date;
};

// The log must never slow or fail the API: a request only appends to this array, and one insert
// per flush writes what piled up. Bounded, so a database that is down or slow costs memory up to
// this many entries and then drops the newest rather than growing; dropped entries are counted and
// said once per flush.
const capacity = 10_000;
const batchSize = 500;
const flushEveryMs = 1_000;

const pending: RequestLogEntry[] = [];
let dropped = 0;
let timer: NodeJS.Timeout | null = null;
let flushing: Promise<void> | null = null;

/** Queues one request for the log; returns at once and never throws. */
export function logRequest(entry: RequestLogEntry): void {
  if (pending.length >= capacity) {
    dropped++;
    return;
  }
  pending.push(entry);
  if (pending.length >= batchSize) void flushRequestLog();
  else if (!timer) {
    timer = setTimeout(() => void flushRequestLog(), flushEveryMs);
    // Waiting entries do not keep a finished process alive; shutdown flushes them (lib/platform/server/serve.ts).
    timer.unref();
  }
}

/** Writes everything queued so far; resolves when it is written or given up on. */
export async function flushRequestLog(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  // One flush at a time, so entries are written in order and a slow insert is not joined by more.
  while (flushing) await flushing;
  if (pending.length === 0) return;
  flushing = writeAll().finally(() => (flushing = null));
  await flushing;
}

async function writeAll(): Promise<void> {
  while (pending.length > 0) {
    const batch = pending.splice(0, batchSize);
    try {
      await rawQuery(insertBatch(batch), "request-log-batch");
    } catch (error) {
      // The requests were answered; losing their log lines is the price of never holding them up.
      console.error(
        `Request log: ${batch.length} entries not written`,
        error instanceof Error ? error.message : error,
      );
    }
  }
  if (dropped > 0) {
    console.error(`Request log: ${dropped} entries dropped while the buffer was full.`);
    dropped = 0;
  }
}

/**
 * One INSERT of the whole batch, a column per array parameter: the same statement whatever the
 * batch's size, where the client's createMany compiled a query of one parameter per value (measured:
 * about a millisecond of the server's CPU per logged status poll under load). It goes to the driver
 * directly, past Prisma's per-value work on the arrays.
 */
function insertBatch(batch: RequestLogEntry[]): Prisma.Sql {
  const column = <T>(pick: (entry: RequestLogEntry) => T) => batch.map(pick);
  const json = (value: Prisma.InputJsonValue | null) => (value === null ? null : JSON.stringify(value));
  return Prisma.sql`
    INSERT INTO "RequestLog" ("id", "accountId", "mode", "apiKeyId", "appId", "method", "path", "status", "durationMs", "requestBody", "errorBody", "createdAt")
    SELECT id, "accountId", mode::"Mode", "apiKeyId", "appId", method, path, status, "durationMs", "requestBody"::jsonb, "errorBody"::jsonb, "createdAt" AT TIME ZONE 'UTC'
    FROM unnest(
      ${column((e) => e.id)}::text[], ${column((e) => e.accountId)}::text[], ${column((e) => e.mode)}::text[], ${column((e) => e.apiKeyId)}::text[],
      ${column((e) => e.appId)}::text[], ${column((e) => e.method)}::text[], ${column((e) => e.path)}::text[], ${column((e) => e.status)}::int[],
      ${column((e) => e.durationMs)}::int[], ${column((e) => json(e.requestBody))}::text[], ${column((e) => json(e.errorBody))}::text[], ${column((e) => e.createdAt.toISOString())}::timestamptz[]
    ) AS t(id, "accountId", mode, "apiKeyId", "appId", method, path, status, "durationMs", "requestBody", "errorBody", "createdAt")
    ON CONFLICT DO NOTHING`;
}
