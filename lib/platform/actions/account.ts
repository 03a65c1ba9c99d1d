"use server";

import { z } from "zod";
import { authorizedAction } from "@/lib/platform/actions/action";
import { changePassword } from "@/lib/domain/auth/change-password";
import { requestAddress } from "@/lib/domain/auth/request-address";
import { resendVerification } from "@/lib/domain/auth/resend-verification";
import { ChangePasswordInputSchema } from "@/lib/domain/schemas/auth";

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
