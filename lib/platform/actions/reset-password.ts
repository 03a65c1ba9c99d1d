"use server";

import { publicAction } from "@/lib/platform/actions/action";
import { limitTokenAttempts } from "@/lib/domain/auth/email-rate-limits";
import { requestAddress } from "@/lib/domain/auth/request-address";
import { resetPassword } from "@/lib/domain/auth/reset-password";
import { ResetPasswordInputSchema } from "@/lib/domain/schemas/auth";

export const resetPasswordAction = publicAction(ResetPasswordInputSchema, async (input) => {
  return limitTokenAttempts(await requestAddress(), () => resetPassword(input));
});
