"use server";

// The public sign-in, sign-up, password-reset and email-verification actions (no session yet).

import { headers } from "next/headers";
import { db } from "@/lib/core/db";
import { clientAddress } from "@/lib/domain/auth/client-address";
import { limitTokenAttempts } from "@/lib/domain/auth/email-rate-limits";
import { beginPasskeySignIn } from "@/lib/domain/auth/passkeys/begin-passkey-sign-in";
import { requestAddress } from "@/lib/domain/auth/request-address";
import { requestPasswordReset } from "@/lib/domain/auth/request-password-reset";
import { resetPassword } from "@/lib/domain/auth/reset-password";
import { signUp } from "@/lib/domain/auth/sign-up";
import { limitSignUps } from "@/lib/domain/auth/sign-up-rate-limit";
import { verifyEmail } from "@/lib/domain/auth/verify-email";
import {
  ForgotPasswordInputSchema,
  ResetPasswordInputSchema,
  SignUpInputSchema,
  VerifyEmailInputSchema,
} from "@/lib/domain/schemas/auth";
import { PasskeySignInOptionsInputSchema } from "@/lib/domain/schemas/passkeys";
import { publicAction } from "@/lib/platform/actions/action";

/** A passkey challenge for the second sign-in step; the password again is the ticket (see beginPasskeySignIn). */
export const passkeySignInOptionsAction = publicAction(PasskeySignInOptionsInputSchema, async (input) =>
  beginPasskeySignIn(input, await requestAddress()),
);

export const signUpAction = publicAction(SignUpInputSchema, async (input) => {
  await limitSignUps(clientAddress(Object.fromEntries((await headers()).entries())));
  return db().$transaction((tx) => signUp(tx, input));
});

export const forgotPasswordAction = publicAction(ForgotPasswordInputSchema, async (input) => {
  await requestPasswordReset(input.email, await requestAddress());
  return { email: input.email };
});

export const resetPasswordAction = publicAction(ResetPasswordInputSchema, async (input) => {
  return limitTokenAttempts(await requestAddress(), () => resetPassword(input));
});

export const verifyEmailAction = publicAction(VerifyEmailInputSchema, async (input) => {
  return limitTokenAttempts(await requestAddress(), () =>
    db().$transaction((tx) => verifyEmail(tx, input.token)),
  );
});
