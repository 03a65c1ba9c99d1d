import { z } from "zod";
import { weakPasswordReason } from "@/lib/auth/weak-password";

export const Email = z.email("Enter a valid email address.").trim().toLowerCase().max(254, "Use at most 254 characters.");

export const SignInInput = z.object({
  email: Email,
  password: z.string().min(1, "Enter your password."),
  // The second step, for a login with two-factor sign-in: an authenticator or recovery code.
  code: z.string().trim().max(64, "That code is too long.").optional(),
  // Or a passkey's assertion (JSON text, parsed in lib/auth/verify-credentials.ts).
  passkey: z.string().max(32_768).optional(),
});
export type SignInInput = z.infer<typeof SignInInput>;

export const PersonName = z.string().trim().min(1, "Enter your name.").max(100, "Use at most 100 characters.");

// Length is what makes a password hard to guess; no composition rules, but none of the first guesses.
export const NewPassword = z
  .string()
  .min(10, "Use at least 10 characters.")
  .max(200, "Use at most 200 characters.")
  .superRefine((password, ctx) => {
    const reason = weakPasswordReason(password);
    if (reason) ctx.addIssue({ code: "custom", message: reason });
  });

export const SignUpInput = z.object({
  accountName: z.string().trim().min(1, "Enter your business or account name.").max(100, "Use at most 100 characters."),
  name: PersonName,
  email: Email,
  password: NewPassword,
});
export type SignUpInput = z.infer<typeof SignUpInput>;

export const AcceptInvitationInput = z.object({
  token: z.string().min(1).max(200),
  name: PersonName,
  password: NewPassword,
});
export type AcceptInvitationInput = z.infer<typeof AcceptInvitationInput>;

// Secrets from mailed links (email verification, password reset): 40 base62 characters.
const LinkToken = z.string().min(1, "This link is incomplete.").max(200);

export const ForgotPasswordInput = z.object({ email: Email });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInput>;

export const ConfirmJoinInput = z.object({ token: LinkToken, password: z.string().min(1, "Enter the password you chose.").max(1024) });
export type ConfirmJoinInput = z.infer<typeof ConfirmJoinInput>;

export const ResetPasswordInput = z.object({ token: LinkToken, password: NewPassword });
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;

export const VerifyEmailInput = z.object({ token: LinkToken });

export const ChangePasswordInput = z.object({
  password: z.string().min(1, "Enter your current password."),
  newPassword: NewPassword,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;

export const SecondFactorCode = z.string().trim().min(1, "Enter the code from your authenticator app.").max(64, "That code is too long.");

export const ConfirmTwoFactorInput = z.object({ code: SecondFactorCode });

// Re-authentication: the password, or a code when the person has two-factor sign-in.
export const ReauthenticateInput = z.object({ method: z.enum(["password", "code"]), secret: z.string().min(1, "Enter it to continue.").max(1024) });
export type ReauthenticateInput = z.infer<typeof ReauthenticateInput>;

export const SignOutSessionsInput = z.object({ sessionIds: z.array(z.string().max(64)).min(1).max(100) });

export const RequireTwoFactorInput = z.object({ required: z.boolean() });
