"use server";

import { publicAction } from "@/lib/actions/action";
import { limitTokenAttempts } from "@/lib/auth/email-rate-limits";
import { requestAddress } from "@/lib/auth/request-address";
import { verifyEmail } from "@/lib/auth/verify-email";
import { db } from "@/lib/db";
import { VerifyEmailInputSchema } from "@/lib/schemas/auth";

export const verifyEmailAction = publicAction(VerifyEmailInputSchema, async (input) => {
  return limitTokenAttempts(await requestAddress(), () =>
    db().$transaction((tx) => verifyEmail(tx, input.token)),
  );
});
