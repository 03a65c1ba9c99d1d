import "server-only";
import { createAccountWithOwner } from "@/lib/domain/accounts/create-account";
import type { DbOrTx } from "@/lib/core/db";
import { enqueueEmail } from "@/lib/domain/email/enqueue-email";
import { signUpAttemptMessage } from "@/lib/domain/email/templates/sign-up-attempt";
import { publicBaseUrl } from "@/lib/core/config/env";
import { hashPassword } from "@/lib/domain/accounts/passwords";
import type { SignUpInput } from "@/lib/domain/schemas/auth";
import { sendVerificationEmail } from "./send-verification-email";

/**
 * A sign-up answers the same whether or not the email already has a login, so the form cannot be
 * used to find out who uses Tollgate: the same answer ("check your email"), one password hash and
 * one mail either way. A new email gets an account whose owner confirms the address before the
 * first sign-in; a taken one gets a mail telling its person someone tried, and nothing changes.
 */
export async function signUp(tx: DbOrTx, input: SignUpInput): Promise<{ email: string }> {
  const email = input.email.trim().toLowerCase();
  const existing = await tx.user.findUnique({ where: { email }, select: { name: true, email: true } });
  if (existing) {
    // The work a new account's password hash costs, so the timing does not tell either.
    await hashPassword(input.password);
    await enqueueEmail(
      tx,
      existing.email,
      signUpAttemptMessage({
        name: existing.name,
        signInUrl: `${publicBaseUrl()}/sign-in`,
        resetUrl: `${publicBaseUrl()}/forgot-password`,
      }),
      null,
    );
    return { email };
  }
  const { account, user } = await createAccountWithOwner(tx, {
    accountName: input.accountName,
    ownerEmail: email,
    ownerName: input.name,
    password: input.password,
    emailVerified: false,
  });
  await sendVerificationEmail(tx, user, account.id);
  return { email };
}
