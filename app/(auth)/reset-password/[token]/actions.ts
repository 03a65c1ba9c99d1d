"use server";

import { publicAction } from "@/lib/actions/action";
import { limitTokenAttempts } from "@/lib/auth/email-rate-limits";
import { requestAddress } from "@/lib/auth/request-address";
import { resetPassword } from "@/lib/auth/reset-password";
import { ResetPasswordInput } from "@/lib/schemas/auth";

export const resetPasswordAction = publicAction(ResetPasswordInput, async (input) => {
  return limitTokenAttempts(await requestAddress(), () => resetPassword(input));
});
