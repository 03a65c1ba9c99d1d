"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { authorizedAction, type ActionContext } from "@/lib/platform/actions/action";
import { signOutSessions } from "@/lib/domain/auth/list-user-sessions";
import {
  beginPasskeyRegistration,
  finishPasskeyRegistration,
} from "@/lib/domain/auth/passkeys/register-passkey";
import { removePasskey } from "@/lib/domain/auth/passkeys/remove-passkey";
import {
  beginTwoFactorSetup,
  confirmTwoFactorSetup,
  disableTwoFactor,
  setRequireTwoFactor,
} from "@/lib/domain/auth/two-factor";
import {
  ConfirmTwoFactorInputSchema,
  RequireTwoFactorInputSchema,
  SignOutSessionsInputSchema,
} from "@/lib/domain/schemas/auth";
import {
  AddPasskeyInputSchema,
  FinishPasskeyInputSchema,
  RemovePasskeyInputSchema,
} from "@/lib/domain/schemas/passkeys";

const refresh = (ctx: ActionContext) => revalidatePath(`/${ctx.scope.mode}/settings/security`);

// All but the last concern the signed-in person's own login, which every role may look after.
export const beginTwoFactorSetupAction = authorizedAction(
  "account.read",
  z.object({ start: z.literal(true) }),
  (ctx) => beginTwoFactorSetup(ctx.viewer),
);

/** The recovery codes are in this response and nowhere else, ever. */
export const confirmTwoFactorSetupAction = authorizedAction(
  "account.read",
  ConfirmTwoFactorInputSchema,
  async (ctx, input) => {
    const result = await confirmTwoFactorSetup(ctx.viewer, input.code);
    refresh(ctx);
    return result;
  },
);

export const disableTwoFactorAction = authorizedAction(
  "account.read",
  z.object({ disable: z.literal(true) }),
  async (ctx) => {
    await disableTwoFactor(ctx.viewer);
    refresh(ctx);
    return { disabled: true };
  },
);

/** The browser's options to create a passkey (needs fresh re-authentication); the name is checked here, before the browser asks anything. */
export const beginPasskeyRegistrationAction = authorizedAction("account.read", AddPasskeyInputSchema, (ctx) =>
  beginPasskeyRegistration(ctx.viewer),
);

export const finishPasskeyRegistrationAction = authorizedAction(
  "account.read",
  FinishPasskeyInputSchema,
  async (ctx, input) => {
    const result = await finishPasskeyRegistration(ctx.viewer, input);
    refresh(ctx);
    return result;
  },
);

export const removePasskeyAction = authorizedAction(
  "account.read",
  RemovePasskeyInputSchema,
  async (ctx, input) => {
    await removePasskey(ctx.viewer, input.passkeyId);
    refresh(ctx);
    return { removed: true };
  },
);

export const signOutSessionsAction = authorizedAction(
  "account.read",
  SignOutSessionsInputSchema,
  async (ctx, input) => {
    const signedOut = await signOutSessions(ctx.viewer, input.sessionIds);
    refresh(ctx);
    return { signedOut };
  },
);

/** Owners only (checked in setRequireTwoFactor): the rule binds every member, owners included. */
export const setRequireTwoFactorAction = authorizedAction(
  "team.manage",
  RequireTwoFactorInputSchema,
  async (ctx, input) => {
    await setRequireTwoFactor(ctx.viewer, input.required);
    refresh(ctx);
    return { required: input.required };
  },
);
