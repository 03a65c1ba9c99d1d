"use server";

import { publicAction } from "@/lib/platform/actions/action";
import { requestAddress } from "@/lib/domain/auth/request-address";
import { requestPasswordReset } from "@/lib/domain/auth/request-password-reset";
import { ForgotPasswordInputSchema } from "@/lib/domain/schemas/auth";

export const forgotPasswordAction = publicAction(ForgotPasswordInputSchema, async (input) => {
  await requestPasswordReset(input.email, await requestAddress());
  return { email: input.email };
});
