import "server-only";
import type { Mode, Tx } from "@/lib/db";
import { recordAudit } from "@/lib/audit";
import { newId } from "@/lib/ids";
import { hmacHex } from "@/lib/secrets";
import { generateApiKey } from "./key-format";

export type CreatedApiKey = { id: string; name: string; mode: Mode; key: string; prefix: string; last4: string; createdAt: Date };

/** Creates a key and returns it in full: the only time it exists outside the creator's hands is now. */
export async function createApiKey(
  tx: Tx,
  input: { accountId: string; mode: Mode; name: string; actor: string; createdById?: string | null; permissions?: string[] },
): Promise<CreatedApiKey> {
  const { key, prefix, last4 } = generateApiKey(input.mode);
  const row = await tx.apiKey.create({
    data: {
      id: newId("key"),
      accountId: input.accountId,
      mode: input.mode,
      name: input.name,
      prefix,
      hash: hmacHex("api-key-hash", key),
      last4,
      createdById: input.createdById ?? null,
      permissions: input.permissions ?? [],
    },
  });
  await recordAudit(tx, {
    accountId: input.accountId,
    mode: input.mode,
    actor: input.actor,
    action: "api_key.created",
    targetType: "api_key",
    targetId: row.id,
    data: { name: input.name, prefix },
  });
  return { id: row.id, name: row.name, mode: row.mode, key, prefix, last4, createdAt: row.createdAt };
}
