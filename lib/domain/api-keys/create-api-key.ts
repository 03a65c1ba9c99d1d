import "server-only";
import type { Mode, Role, DbOrTx } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { guardSensitiveChange, recordSensitiveChange } from "@/lib/domain/auth/sensitive-change";
import { newId } from "@/lib/core/ids/ids";
import { hmacHex } from "@/lib/core/config/secrets";
import { generateApiKey } from "./key-format";
import { grantableApiPermissions, type ApiPermission } from "@/lib/domain/permissions/api-key-permissions";

export type CreatedApiKey = {
  id: string;
  name: string;
  mode: Mode;
  key: string;
  prefix: string;
  last4: string;
  permissions: ApiPermission[];
  createdAt: Date;
};

/**
 * Creates a key and returns it in full: the only time it exists outside the creator's hands is now.
 * `grantorRole` is the creator's role: a key never carries a permission that role could not use itself.
 */
export async function createApiKey(
  tx: DbOrTx,
  input: {
    accountId: string;
    mode: Mode;
    name: string;
    actor: string;
    createdById?: string | null;
    permissions: readonly ApiPermission[];
    grantorRole: Role;
  },
): Promise<CreatedApiKey> {
  await guardSensitiveChange(tx, input.actor, input.mode, "api_key.created");
  if (input.permissions.length === 0)
    throw new AppError("params_validation", "Give the key access to at least one resource.", {
      fields: { permissions: "Give the key access to at least one resource." },
    });
  const grantable = grantableApiPermissions(input.grantorRole);
  const refused = input.permissions.filter((p) => !grantable.includes(p));
  if (refused.length > 0) {
    const message = `Your role (${input.grantorRole}) cannot give a key ${refused.join(", ")}.`;
    throw new AppError("forbidden", message, { fields: { permissions: message } });
  }
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
      permissions: [...input.permissions],
    },
  });
  await recordSensitiveChange(tx, input.actor, {
    accountId: input.accountId,
    mode: input.mode,
    action: "api_key.created",
    targetType: "api_key",
    targetId: row.id,
    data: { name: input.name, prefix, permissions: input.permissions },
    details: { Name: input.name, Key: `${prefix}…${last4}`, Permissions: input.permissions.join(", ") },
  });
  return {
    id: row.id,
    name: row.name,
    mode: row.mode,
    key,
    prefix,
    last4,
    permissions: [...input.permissions],
    createdAt: row.createdAt,
  };
}
