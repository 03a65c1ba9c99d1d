import "server-only";
import crypto from "node:crypto";
import { createApiKey } from "@/lib/domain/api-keys/create-api-key";
import { apiPermissions } from "@/lib/domain/permissions/api-key-permissions";
import { db } from "@/lib/core/db";
import { env } from "@/lib/core/config/env";
import { createAccountWithOwner } from "@/lib/domain/accounts/create-account";

export type SeedResult =
  | { created: true; email: string; password: string; testApiKey: string }
  | { created: false; email: string };

/** The demo account a fresh install starts with. Does nothing if its owner already exists. */
export async function seedDemoAccount(): Promise<SeedResult> {
  const email = env.SEED_OWNER_EMAIL;
  if (await db().user.findUnique({ where: { email } })) return { created: false, email };
  const password = env.SEED_OWNER_PASSWORD ?? crypto.randomBytes(12).toString("base64url");
  return db().$transaction(async (tx) => {
    const { account, user } = await createAccountWithOwner(tx, {
      accountName: "Demo Store",
      ownerEmail: email,
      ownerName: "Demo Owner",
      password,
      emailVerified: true,
    });
    const key = await createApiKey(tx, {
      accountId: account.id,
      mode: "test",
      name: "Demo test key",
      actor: "system",
      createdById: user.id,
      permissions: apiPermissions,
      grantorRole: "owner",
    });
    return { created: true as const, email, password, testApiKey: key.key };
  });
}

export function describeSeed(result: SeedResult): string {
  if (!result.created) return `Demo account already present (owner ${result.email}); nothing seeded.`;
  return [
    'Seeded the demo account "Demo Store".',
    `  Sign in:       ${result.email} / ${result.password}`,
    `  Test API key:  ${result.testApiKey}`,
    "  The key and password are shown only now; keep them somewhere safe.",
  ].join("\n");
}

export async function hasAnyAccount(): Promise<boolean> {
  return (await db().account.count()) > 0;
}
