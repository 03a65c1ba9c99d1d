import "server-only";
import { db, type Mode } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { constantTimeEqualHex, hmacHex } from "@/lib/secrets";
import { parseApiKey } from "./key-format";

export type ApiKeyContext = { apiKeyId: string; accountId: string; mode: Mode; permissions: string[]; accountApiVersion: string };

// lastUsedAt is a hint for humans; writing it on every request would put a write on every read.
const lastUsedResolutionMs = 60_000;

export async function authenticateApiKey(rawKey: string | null | undefined): Promise<ApiKeyContext> {
  if (!rawKey) throw new AppError("missing_api_key", "No API key provided. Send it in the Api-Key header.");
  const parsed = parseApiKey(rawKey.trim());
  const row = parsed
    ? await db().apiKey.findUnique({ where: { prefix: parsed.prefix }, omit: { hash: false }, include: { account: { select: { apiVersion: true } } } })
    : null;
  const matches = row !== null && constantTimeEqualHex(row.hash, hmacHex("api-key-hash", rawKey.trim()));
  if (!row || !matches || row.revokedAt) throw new AppError("invalid_api_key", "The API key provided is invalid or has been revoked.");

  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > lastUsedResolutionMs) {
    await db().apiKey.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } });
  }
  return { apiKeyId: row.id, accountId: row.accountId, mode: row.mode, permissions: row.permissions, accountApiVersion: row.account.apiVersion };
}
