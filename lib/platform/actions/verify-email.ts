"use server";

import { publicAction } from "@/lib/platform/actions/action";
import { limitTokenAttempts } from "@/lib/domain/auth/email-rate-limits";
import { requestAddress } from "@/lib/domain/auth/request-address";
import { verifyEmail } from "@/lib/domain/auth/verify-email";
import { db } from "@/lib/core/db";
import { VerifyEmailInputSchema } from "@/lib/domain/schemas/auth";

export const verifyEmailAction = publicAction(VerifyEmailInputSchema, async (input) => {
  return limitTokenAttempts(await requestAddress(), () =>
    db().$transaction((tx) => verifyEmail(tx, input.token)),
  );
});
