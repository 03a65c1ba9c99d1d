"use server";

import { z } from "zod";
import { authorizedAction } from "@/lib/actions/action";
import { changePassword } from "@/lib/auth/change-password";
import { requestAddress } from "@/lib/auth/request-address";
import { resendVerification } from "@/lib/auth/resend-verification";
import { ChangePasswordInputSchema } from "@/lib/schemas/auth";

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
