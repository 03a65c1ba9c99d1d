"use server";

import { publicAction } from "@/lib/actions/action";
import { limitTokenAttempts } from "@/lib/auth/email-rate-limits";
import { requestAddress } from "@/lib/auth/request-address";
import { resetPassword } from "@/lib/auth/reset-password";
import { ResetPasswordInputSchema } from "@/lib/schemas/auth";

export const resetPasswordAction = publicAction(ResetPasswordInputSchema, async (input) => {
  return limitTokenAttempts(await requestAddress(), () => resetPassword(input));
});
