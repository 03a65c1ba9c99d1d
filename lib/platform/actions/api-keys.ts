"use server";

import { revalidatePath } from "next/cache";
import { authorizedAction, type ActionContext } from "@/lib/platform/actions/action";
import { createApiKey } from "@/lib/domain/api-keys/create-api-key";
import { revokeApiKey } from "@/lib/domain/api-keys/revoke-api-key";
import { createPublicApp } from "@/lib/domain/public-apps/create-public-app";
import { revokePublicApp } from "@/lib/domain/public-apps/revoke-public-app";
import {
  CreateApiKeyInputSchema,
  CreatePublicAppInputSchema,
  RevokeApiKeyInputSchema,
  RevokePublicAppInputSchema,
} from "@/lib/domain/schemas/api-key";

const refresh = (ctx: ActionContext) => revalidatePath(`/${ctx.scope.mode}/developers`);

/** The key's mode is the page's mode; its permissions are bounded by the creator's role. The full key is in this response and nowhere else, ever. A live key is a sensitive change (createApiKey). */
export const createApiKeyAction = authorizedAction(
  "api_keys.manage",
  CreateApiKeyInputSchema,
  { writes: true },
  async (ctx, input) => {
    const { scope, actor, viewer } = ctx;
    const created = await createApiKey(ctx.tx, {
      accountId: scope.accountId,
      mode: scope.mode,
      name: input.name,
      actor,
      createdById: viewer.user.id,
      permissions: input.permissions,
      grantorRole: viewer.role,
    });
    refresh(ctx);
    return {
      id: created.id,
      name: created.name,
      mode: created.mode,
      key: created.key,
      permissions: created.permissions,
    };
  },
);

export const revokeApiKeyAction = authorizedAction(
  "api_keys.manage",
  RevokeApiKeyInputSchema,
  { writes: true },
  async (ctx, input) => {
    await revokeApiKey(ctx, input.id);
    refresh(ctx);
    return { revoked: true };
  },
);

export const createPublicAppAction = authorizedAction(
  "api_keys.manage",
  CreatePublicAppInputSchema,
  { writes: true },
  async (ctx, input) => {
    const app = await createPublicApp(ctx, input);
    refresh(ctx);
    return { id: app.id, name: app.name };
  },
);

export const revokePublicAppAction = authorizedAction(
  "api_keys.manage",
  RevokePublicAppInputSchema,
  { writes: true },
  async (ctx, input) => {
    await revokePublicApp(ctx, input.id);
    refresh(ctx);
    return { revoked: true };
  },
);
