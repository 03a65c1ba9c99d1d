import "server-only";
import crypto from "node:crypto";
import { recordAudit } from "@/lib/domain/audit-log/audit";
import { db, type Event, type DbOrTx, type WebhookDelivery, type WebhookEndpoint } from "@/lib/core/db";
import { decrypt } from "@/lib/core/config/secrets";
import { RefusedDestination } from "./destination";
import { eventBody } from "@/lib/domain/events/event-body";
import { postToEndpoint } from "./post-to-endpoint";
import { afterFailure, failingTooLong } from "./retry-policy";
import { deliveryHeaders } from "./delivery-headers";
import { withEvents } from "./with-events";

// Short, so that an endpoint that never answers costs a worker little; a receiver should answer at
// once and do its work afterwards.
export const requestTimeoutMs = 5_000;
// Longer than any attempt can take, so a live worker never loses its lease mid-attempt; a dead
// worker's claimed deliveries become due again when it runs out.
export const leaseMs = requestTimeoutMs + 15_000;
// Waiting for a connection beats failing: an outcome not recorded is sent again when its lease ends.
const busyDatabase = { maxWait: 10_000, timeout: 20_000 };

export type ClaimedDelivery = WebhookDelivery & { leaseId: string; event: Event; endpoint: WebhookEndpoint };
export type AttemptResult = {
  ok: boolean;
  responseStatus: number | null;
  durationMs: number;
  responseExcerpt: string | null;
  error: string | null;
};

/**
 * Takes up to `limit` due deliveries for this worker, fairly: at most one per endpoint, and the
 * accounts taking turns (each account's oldest due delivery first, then each one's second…), so
 * one account's many slow endpoints cannot hold back another account's deliveries. Endpoints in
 * `busyEndpointIds` (this worker is still sending to them) are passed over. SKIP LOCKED lets
 * several workers claim at once without waiting on or taking each other's rows; the lease
 * (committed before any request is sent) keeps the rows away from the others until the attempt is
 * recorded or the lease runs out.
 */
export async function claimDueDeliveries(
  limit: number,
  busyEndpointIds: string[] = [],
): Promise<ClaimedDelivery[]> {
  const now = new Date();
  const leaseId = crypto.randomUUID();
  return db().$transaction(async (tx) => {
    const candidates = await tx.$queryRaw<{ id: string }[]>`
      WITH due AS (
        SELECT d."id", d."accountId", d."nextAttemptAt",
               row_number() OVER (PARTITION BY d."endpointId" ORDER BY d."nextAttemptAt", d."id") AS "endpointTurn"
        FROM "WebhookDelivery" d JOIN "WebhookEndpoint" e ON e."id" = d."endpointId"
        WHERE d."status" = 'pending' AND d."nextAttemptAt" <= ${now} AND e."enabled" AND NOT (d."endpointId" = ANY(${busyEndpointIds}::text[]))
      ), heads AS (
        SELECT "id", "nextAttemptAt", row_number() OVER (PARTITION BY "accountId" ORDER BY "nextAttemptAt", "id") AS "accountTurn"
        FROM due WHERE "endpointTurn" = 1
      )
      SELECT "id" FROM heads ORDER BY "accountTurn", "nextAttemptAt", "id" LIMIT ${limit}`;
    if (candidates.length === 0) return [];
    // Window functions cannot take row locks: lock the chosen rows in a second step, skipping any
    // another worker claimed in between (its lease moved nextAttemptAt past now).
    const due = await tx.$queryRaw<{ id: string }[]>`
      SELECT "id" FROM "WebhookDelivery"
      WHERE "id" = ANY(${candidates.map((row) => row.id)}::text[]) AND "status" = 'pending' AND "nextAttemptAt" <= ${now}
      FOR UPDATE SKIP LOCKED`;
    if (due.length === 0) return [];
    const ids = due.map((row) => row.id);
    await tx.webhookDelivery.updateMany({
      where: { id: { in: ids } },
      data: {
        leaseId,
        nextAttemptAt: new Date(now.getTime() + leaseMs),
        lastAttemptAt: now,
        attempts: { increment: 1 },
      },
    });
    const claimed = await tx.webhookDelivery.findMany({
      where: { id: { in: ids } },
      include: { endpoint: true },
    });
    return (await withEvents(tx, claimed)) as ClaimedDelivery[];
  }, busyDatabase);
}

/** One signed POST of the event to the endpoint; never throws. */
export async function attemptDelivery(delivery: ClaimedDelivery): Promise<AttemptResult> {
  const body = eventBody(delivery.event);
  const timestamp = Math.floor(Date.now() / 1000);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let secret: string;
  try {
    secret = decrypt(delivery.endpoint.secretEncrypted);
  } catch {
    return {
      ok: false,
      responseStatus: null,
      durationMs: 0,
      responseExcerpt: null,
      error:
        "The endpoint's signing secret cannot be decrypted: every instance and worker needs the same TOLLGATE_SECRET.",
    };
  }
  try {
    const headers = deliveryHeaders(delivery.event, body, secret, timestamp);
    const { status, excerpt } = await postToEndpoint(delivery.endpoint.url, headers, body, requestTimeoutMs);
    const ok = status >= 200 && status < 300;
    // A redirect is the receiver's misconfiguration; following it would send the event somewhere unverified.
    const error = ok
      ? null
      : status >= 300 && status < 400
        ? `Redirects are not followed (HTTP ${status}).`
        : `HTTP ${status}`;
    return { ok, responseStatus: status, durationMs: elapsed(), responseExcerpt: excerpt, error };
  } catch (error) {
    return {
      ok: false,
      responseStatus: null,
      durationMs: elapsed(),
      responseExcerpt: null,
      error: describeFailure(error),
    };
  }
}

/**
 * Stores the attempt's outcome: succeeded, another try later (backing off), or failed after 3 days.
 * Only while this worker still holds the lease; otherwise another worker has taken the delivery over.
 */
export async function recordAttempt(
  delivery: ClaimedDelivery,
  result: AttemptResult,
): Promise<{ endpointDisabled: boolean }> {
  const now = new Date();
  const next = result.ok
    ? ({ status: "succeeded" } as const)
    : afterFailure(delivery.createdAt, delivery.attempts, now);
  return db().$transaction(async (tx) => {
    const { count } = await tx.webhookDelivery.updateMany({
      where: { id: delivery.id, leaseId: delivery.leaseId },
      data: {
        status: next.status,
        nextAttemptAt: next.status === "pending" ? next.nextAttemptAt : now,
        leaseId: null,
        responseStatus: result.responseStatus,
        durationMs: result.durationMs,
        responseExcerpt: result.responseExcerpt,
        error: result.error,
      },
    });
    if (count === 0) return { endpointDisabled: false };
    return { endpointDisabled: await trackEndpointHealth(tx, delivery.endpoint.id, result.ok, now) };
  }, busyDatabase);
}

/** A success clears the endpoint's failure record; 3 days of nothing but failures disables it. */
async function trackEndpointHealth(tx: DbOrTx, endpointId: string, ok: boolean, now: Date): Promise<boolean> {
  if (ok) {
    await tx.webhookEndpoint.updateMany({
      where: { id: endpointId, failingSince: { not: null } },
      data: { failingSince: null },
    });
    return false;
  }
  await tx.webhookEndpoint.updateMany({
    where: { id: endpointId, failingSince: null },
    data: { failingSince: now },
  });
  const endpoint = await tx.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } });
  if (!endpoint.enabled || !failingTooLong(endpoint.failingSince, now)) return false;
  const { count } = await tx.webhookEndpoint.updateMany({
    where: { id: endpointId, enabled: true },
    data: { enabled: false, disabledAt: now },
  });
  if (count === 0) return false;
  await recordAudit(tx, {
    accountId: endpoint.accountId,
    mode: endpoint.mode,
    actor: "system",
    action: "webhook_endpoint.disabled",
    targetType: "webhook_endpoint",
    targetId: endpoint.id,
    data: {
      reason: "Every delivery failed for 3 days.",
      failingSince: endpoint.failingSince?.toISOString() ?? null,
    },
  });
  return true;
}

function describeFailure(error: unknown): string {
  if (error instanceof RefusedDestination) return error.message;
  // The only abort is the timeout's.
  if (error instanceof Error && error.name === "AbortError")
    return `No response within ${requestTimeoutMs / 1000} s.`;
  const code = (error as { code?: string }).code;
  const causes: Record<string, string> = {
    ECONNREFUSED: "Connection refused.",
    ECONNRESET: "Connection reset before a response.",
    ENOTFOUND: "The host name did not resolve.",
    EAI_AGAIN: "The host name did not resolve (temporary DNS failure).",
    CERT_HAS_EXPIRED: "The TLS certificate has expired.",
    DEPTH_ZERO_SELF_SIGNED_CERT: "The TLS certificate is self-signed.",
  };
  if (code && causes[code]) return causes[code]!;
  return `Request failed: ${(error instanceof Error && error.message) || code || String(error)}`.slice(
    0,
    300,
  );
}
