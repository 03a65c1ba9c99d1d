import "server-only";
import crypto from "node:crypto";
import { db, Prisma, rawQuery, type DbOrTx } from "@/lib/core/db";
import { AppError, isDatabaseUnavailable, type ErrorCode, type ErrorObject } from "@/lib/core/errors/errors";
import { newId } from "@/lib/core/ids/ids";
import { decrypt, encrypt } from "@/lib/core/config/secrets";
import { sqlTimestamp } from "@/lib/core/db/sql-timestamp";
import { tenant, type Scope } from "@/lib/core/tenancy/scope";
import { writeTransactionLimits, type CallContext } from "@/lib/domain/context/call-context";
import type { ApiResult } from "./answer";
import type { PlannedWrite } from "./operation";

export type { ApiResult } from "./answer";

export const idempotencyTtlMs = 24 * 60 * 60 * 1000;
// A claim this old belongs to a request whose process died; its transaction rolled back, so the
// work can safely run again.
const staleClaimMs = 60_000;
const maxKeyLength = 255;

export function validateIdempotencyKey(key: string): string {
  const trimmed = key.trim();
  if (trimmed.length === 0 || trimmed.length > maxKeyLength || /[\u0000-\u001f\u007f]/.test(trimmed)) {
    throw new AppError(
      "params_validation",
      `Idempotency-Key must be 1-${maxKeyLength} printable characters.`,
      { fields: { "Idempotency-Key": "Invalid." } },
    );
  }
  return trimmed;
}

/** What makes two requests "the same": method, path, the headers that select the target, and the body. */
export function requestFingerprint(parts: {
  method: string;
  path: string;
  merchantId?: string | null;
  body: unknown;
}): string {
  return crypto.createHash("sha256").update(stableJson(parts)).digest("hex");
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * Runs `work` at most once per (account, mode, key). The claim is a row under a unique constraint,
 * so this holds across instances; the work and the stored response commit in one transaction, so a
 * crash leaves either both or neither.
 */
export async function runIdempotent(
  scope: Scope,
  key: string,
  fingerprint: string,
  work: (tx: DbOrTx) => Promise<ApiResult>,
): Promise<ApiResult & { replayed: boolean }> {
  const claim = await claimKey(scope, key, fingerprint);
  if (claim.kind === "replay") return { ...claim.result, replayed: true };

  try {
    const result = await db().$transaction(async (tx) => {
      const result = await work(tx);
      await tx.idempotencyRecord.update({
        where: { id: claim.id },
        data: { state: "completed", responseStatus: result.status, responseBody: seal(result.body) },
      });
      return result;
    }, writeTransactionLimits);
    return { ...result, replayed: false };
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      // A refusal is the answer to this request too: the same key gets the same error again.
      await db().idempotencyRecord.update({
        where: { id: claim.id },
        data: { state: "completed", responseStatus: error.status, responseBody: seal(error.toJSON()) },
      });
    } else {
      // The work rolled back; so must the claim, or retries would wait for it to go stale.
      await db()
        .idempotencyRecord.deleteMany({ where: { id: claim.id, createdAt: claim.createdAt } })
        .catch(() => releaseWhenReachable(claim));
    }
    throw error;
  }
}

/**
 * `runIdempotent` for a caller that is not HTTP (a dashboard action): `work` gets a call context
 * whose transaction also stores its value, runs at most once per (scope, key), and a retry or a
 * second click with the same key gets the same value again, or the same refusal thrown again as the
 * AppError it was; a key used with another request is `idempotency_conflict`, one still running
 * `idempotency_in_progress`. The value is kept as JSON, so it must be plain data.
 */
export async function runOnce<T>(
  scope: Scope,
  actor: string,
  key: string,
  fingerprint: string,
  work: (ctx: CallContext) => Promise<T>,
): Promise<T> {
  const result = await runIdempotent(scope, key, fingerprint, async (tx) => ({
    status: 200,
    body: await work({ tx, scope, actor }),
  }));
  if (result.status < 400) return result.body as T;
  const refusal = result.body as ErrorObject;
  throw new AppError(refusal.code as ErrorCode, refusal.message, refusal.details);
}

/**
 * Runs an operation's planned write (Operation.plan) as its one statement, with no transaction to
 * open. With an Idempotency-Key the statement also inserts the key's record, completed with the
 * answer, so the work and the stored answer commit together, and no claim is ever left in progress.
 * Answers false when nothing was written: the plan's write found nothing to write to (say, no such
 * merchant), or the key is in the table already (used before, or by a request running now, whose
 * insert this one waited for). The operation then runs the ordinary way, which answers either.
 */
export async function runPlanned(
  scope: Scope,
  plan: PlannedWrite,
  result: ApiResult,
  idempotency: { key: string; fingerprint: string } | null,
): Promise<boolean> {
  const written = Prisma.raw(`"${plan.written}"`);
  const now = new Date();
  const record = idempotency
    ? Prisma.sql`, "idempotencyRecord" AS (
        INSERT INTO "IdempotencyRecord" (id, "accountId", mode, key, "requestHash", state, "responseStatus", "responseBody", "createdAt", "expiresAt")
        SELECT ${newId("idem")}, ${scope.accountId}, ${scope.mode}::"Mode", ${idempotency.key}, ${idempotency.fingerprint}, 'completed', ${result.status}, ${JSON.stringify(seal(result.body))}::jsonb,
               ${sqlTimestamp(now)}, ${sqlTimestamp(new Date(now.getTime() + idempotencyTtlMs))}
        FROM ${written})`
    : Prisma.empty;
  try {
    const [row] = await rawQuery<{ written: number }>(
      Prisma.sql`WITH ${plan.ctes}${record} SELECT count(*)::int AS written FROM ${written}`,
      `${plan.name}${idempotency ? "+key" : ""}`,
    );
    return row!.written > 0;
  } catch (error) {
    // The key's unique index refused it: the statement wrote nothing.
    if (
      idempotency &&
      (error as { code?: unknown }).code === "23505" &&
      (error as { table?: unknown }).table === "IdempotencyRecord"
    )
      return false;
    throw error;
  }
}

// A stored response can hold a secret shown only once (a webhook endpoint's signing secret), so it
// is kept encrypted like the secret itself. Records written before this are plain JSON.
function seal(body: unknown): Prisma.InputJsonValue {
  return { sealed: encrypt(JSON.stringify(body)) };
}

function unseal(stored: unknown): unknown {
  const sealed = stored && typeof stored === "object" && "sealed" in stored ? stored.sealed : undefined;
  return typeof sealed === "string" ? JSON.parse(decrypt(sealed)) : stored;
}

type Held = { id: string; createdAt: Date };
type Claim = ({ kind: "claimed" } & Held) | { kind: "replay"; result: ApiResult };

// Claims whose work failed while the database was unreachable, so they could not be released then.
// Each is released as soon as the database answers again; until then a retry that reaches this
// process takes it over at once (its work is known to have rolled back), instead of waiting 60 s.
// The creation time guards both: only that very claim is released or taken over.
const unreleased = new Map<string, Date>();

function releaseWhenReachable(claim: Held): void {
  if (unreleased.has(claim.id)) return;
  unreleased.set(claim.id, claim.createdAt);
  void (async () => {
    for (let pause = 250; unreleased.get(claim.id) === claim.createdAt; pause = Math.min(pause * 2, 5_000)) {
      try {
        await db().idempotencyRecord.deleteMany({
          where: { id: claim.id, state: "in_progress", createdAt: claim.createdAt },
        });
        if (unreleased.get(claim.id) === claim.createdAt) unreleased.delete(claim.id);
      } catch {
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
  })();
}

async function claimKey(scope: Scope, key: string, fingerprint: string, attempt = 0): Promise<Claim> {
  const held = { id: newId("idem"), createdAt: new Date() };
  try {
    await db().idempotencyRecord.create({
      data: {
        ...held,
        ...tenant(scope),
        key,
        requestHash: fingerprint,
        state: "in_progress",
        expiresAt: new Date(Date.now() + idempotencyTtlMs),
      },
    });
    return { kind: "claimed", ...held };
  } catch (error) {
    // The insert may have committed before the answer was lost: make sure it does not linger.
    if (isDatabaseUnavailable(error)) releaseWhenReachable(held);
    if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") || attempt > 2)
      throw error;
  }

  const existing = await db().idempotencyRecord.findUnique({
    where: { accountId_mode_key: { ...tenant(scope), key } },
  });
  if (!existing) return claimKey(scope, key, fingerprint, attempt + 1);
  if (existing.expiresAt.getTime() < Date.now()) {
    await db().idempotencyRecord.deleteMany({ where: { id: existing.id, expiresAt: { lt: new Date() } } });
    return claimKey(scope, key, fingerprint, attempt + 1);
  }
  if (existing.requestHash !== fingerprint) {
    throw new AppError(
      "idempotency_conflict",
      "This Idempotency-Key was already used with a different request. Use a new key for a new request.",
    );
  }
  if (existing.state === "completed") {
    return {
      kind: "replay",
      result: { status: existing.responseStatus ?? 200, body: unseal(existing.responseBody) },
    };
  }
  const abandoned = unreleased.get(existing.id)?.getTime() === existing.createdAt.getTime();
  if (abandoned || Date.now() - existing.createdAt.getTime() > staleClaimMs) {
    const createdAt = new Date();
    const taken = await db().idempotencyRecord.updateMany({
      where: { id: existing.id, state: "in_progress", createdAt: existing.createdAt },
      data: { createdAt },
    });
    if (taken.count === 1) {
      unreleased.delete(existing.id);
      return { kind: "claimed", id: existing.id, createdAt };
    }
    // Released or taken by someone else meanwhile: look again.
    if (attempt <= 2) return claimKey(scope, key, fingerprint, attempt + 1);
  }
  throw new AppError(
    "idempotency_in_progress",
    "A request with this Idempotency-Key is still being processed. Retry shortly.",
  );
}
