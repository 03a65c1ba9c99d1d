"use server";

import { z } from "zod";
import { authorizedAction } from "@/lib/platform/actions/action";
import { changePassword } from "@/lib/domain/auth/change-password";
import { requestAddress } from "@/lib/domain/auth/request-address";
import { resendVerification } from "@/lib/domain/auth/resend-verification";
import { ChangePasswordInputSchema } from "@/lib/domain/schemas/auth";
import { dismissApiSensitiveChanges } from "@/lib/domain/audit-log/dismiss-api-sensitive-changes";

// Both concern the signed-in person's own login, which every role may look after.
export const changePasswordAction = authorizedAction(
  "account.read",
  ChangePasswordInputSchema,
  async (ctx, input) => {
    await changePassword(ctx.viewer, input, await requestAddress());
    return { changed: true };
  },
);

export const resendVerificationAction = authorizedAction("account.read", z.looseObject({}), (ctx) =>
  resendVerification(ctx.viewer),
);

// The banner of changes made with an API key, dismissed by one person for themselves (up to the
// newest change it showed them); any role that sees it may.
export const dismissApiChangesAction = authorizedAction(
  "account.read",
  z.object({ upTo: z.iso.datetime() }),
  { writes: true },
  (ctx, input) => dismissApiSensitiveChanges(ctx.tx, ctx.scope, ctx.viewer.user.id, new Date(input.upTo)),
);
