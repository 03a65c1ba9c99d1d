import "server-only";
import { db, type Mode } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { constantTimeEqualHex, hmacHex } from "@/lib/core/config/secrets";
import { parseApiKey } from "./key-format";
import { effectiveApiPermissions } from "@/lib/domain/permissions/api-key-permissions";

export type ApiKeyContext = {
  apiKeyId: string;
  accountId: string;
  mode: Mode;
  permissions: string[];
  accountApiVersion: string;
};

// lastUsedAt is a hint for humans; writing it on every request would put a write on every read.
const lastUsedResolutionMs = 60_000;

// A busy integration sends many requests a second with one key. Remembering a verified key briefly
// saves a database read per request; revocation still takes effect at once in the revoking process
// (it calls forgetApiKey) and within `verifiedForMs` in every other one.
const verifiedForMs = 1000;
type Verified = { key: ApiKeyContext; createdById: string | null; until: number };
const verified: Map<string, Verified> = ((
  globalThis as { __tollgateVerifiedKeys?: Map<string, Verified> }
).__tollgateVerifiedKeys ??= new Map());

// Requests that find their key unverified while a read of it is already under way wait for that
// read rather than each reading it again: when the second lapses on a busy key, every request of
// the next few milliseconds would otherwise send the key's three reads (and the lastUsedAt write).
// Forgetting a key starts a new generation: a read begun before it is not joined or remembered.
// On globalThis, as `verified` is (the dashboard's actions, in Next's bundle, forget keys).
const reads: { generation: number; pending: Map<string, Promise<Verified>> } = ((
  globalThis as { __tollgateKeyReads?: { generation: number; pending: Map<string, Promise<Verified>> } }
).__tollgateKeyReads ??= { generation: 0, pending: new Map() });

function forgetReads(): void {
  reads.generation++;
  reads.pending.clear();
}

export async function authenticateApiKey(rawKey: string | null | undefined): Promise<ApiKeyContext> {
  if (!rawKey) throw new AppError("missing_api_key", "No API key provided. Send it in the Api-Key header.");
  const trimmed = rawKey.trim();
  const hash = hmacHex("api-key-hash", trimmed);
  const known = verified.get(hash);
  if (known && known.until > Date.now()) return known.key;
  let read = reads.pending.get(hash);
  if (!read) {
    const started = verifyApiKey(trimmed, hash, reads.generation).finally(() => {
      if (reads.pending.get(hash) === started) reads.pending.delete(hash);
    });
    reads.pending.set(hash, (read = started));
  }
  return (await read).key;
}

async function verifyApiKey(trimmed: string, hash: string, generation: number): Promise<Verified> {
  const parsed = parseApiKey(trimmed);
  const row = parsed
    ? await db().apiKey.findUnique({
        where: { prefix: parsed.prefix },
        omit: { hash: false },
        include: { account: { select: { apiVersion: true } } },
      })
    : null;
  const matches = row !== null && constantTimeEqualHex(row.hash, hash);
  if (!row || !matches || row.revokedAt)
    throw new AppError("invalid_api_key", "The API key provided is invalid or has been revoked.");

  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > lastUsedResolutionMs) {
    await db().apiKey.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } });
  }
  const key = {
    apiKeyId: row.id,
    accountId: row.accountId,
    mode: row.mode,
    permissions: effectiveApiPermissions(row.permissions, await creatorOf(row)),
    accountApiVersion: row.account.apiVersion,
  };
  const entry = { key, createdById: row.createdById, until: Date.now() + verifiedForMs };
  if (generation === reads.generation) {
    if (verified.size > 10_000) verified.clear();
    verified.set(hash, entry);
  }
  return entry;
}

/** Drops a key from this process's memory of verified keys, so its revocation counts from the next request. */
export function forgetApiKey(apiKeyId: string): void {
  forgetReads();
  for (const [hash, entry] of verified) if (entry.key.apiKeyId === apiKeyId) verified.delete(hash);
}

/** The key's creator as a member of its account today: their role, or null once they left the team. */
async function creatorOf(row: { accountId: string; createdById: string | null }) {
  if (!row.createdById) return null;
  const membership = await db().membership.findUnique({
    where: { accountId_userId: { accountId: row.accountId, userId: row.createdById } },
    select: { role: true },
  });
  return { role: membership?.role ?? null };
}

/** Drops the keys a person created from this process's memory, so a change of their role bounds those keys from the next request. */
export function forgetApiKeysCreatedBy(userId: string): void {
  forgetReads();
  for (const [hash, entry] of verified) if (entry.createdById === userId) verified.delete(hash);
}
