"use server";

import { publicAction } from "@/lib/actions/action";
import { requestAddress } from "@/lib/auth/request-address";
import { requestPasswordReset } from "@/lib/auth/request-password-reset";
import { ForgotPasswordInputSchema } from "@/lib/schemas/auth";

export const forgotPasswordAction = publicAction(ForgotPasswordInputSchema, async (input) => {
  await requestPasswordReset(input.email, await requestAddress());
  return { email: input.email };
});
