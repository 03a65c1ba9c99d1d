import { z } from "zod";
import { weakPasswordReason } from "@/lib/domain/schemas/weak-password";
import { idSchema } from "@/lib/core/schemas/ids";

export const EmailSchema = z
  .email("Enter a valid email address.")
  .trim()
  .toLowerCase()
  .max(254, "Use at most 254 characters.");

export const SignInInputSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, "Enter your password."),
  // The second step, for a login with two-factor sign-in: an authenticator or recovery code.
  code: z.string().trim().max(64, "That code is too long.").optional(),
  // Or a passkey's assertion (JSON text, parsed in lib/domain/auth/verify-credentials.ts).
  passkey: z.string().max(32_768).optional(),
});
export type SignInInput = z.infer<typeof SignInInputSchema>;

export const PersonNameSchema = z
  .string()
  .trim()
  .min(1, "Enter your name.")
  .max(100, "Use at most 100 characters.");

// Length is what makes a password hard to guess; no composition rules, but none of the first guesses.
export const NewPasswordSchema = z
  .string()
  .min(10, "Use at least 10 characters.")
  .max(200, "Use at most 200 characters.")
  .superRefine((password, ctx) => {
    const reason = weakPasswordReason(password);
    if (reason) ctx.addIssue({ code: "custom", message: reason });
  });

export const SignUpInputSchema = z.object({
  accountName: z
    .string()
    .trim()
    .min(1, "Enter your business or account name.")
    .max(100, "Use at most 100 characters."),
  name: PersonNameSchema,
  email: EmailSchema,
  password: NewPasswordSchema,
});
export type SignUpInput = z.infer<typeof SignUpInputSchema>;

export const AcceptInvitationInputSchema = z.object({
  token: z.string().min(1).max(200),
  name: PersonNameSchema,
  password: NewPasswordSchema,
});
export type AcceptInvitationInput = z.infer<typeof AcceptInvitationInputSchema>;

// Secrets from mailed links (email verification, password reset): 40 base62 characters.
const LinkTokenSchema = z.string().min(1, "This link is incomplete.").max(200);

export const ForgotPasswordInputSchema = z.object({ email: EmailSchema });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInputSchema>;

export const ConfirmJoinInputSchema = z.object({
  token: LinkTokenSchema,
  password: z.string().min(1, "Enter the password you chose.").max(1024),
});
export type ConfirmJoinInput = z.infer<typeof ConfirmJoinInputSchema>;

export const ResetPasswordInputSchema = z.object({ token: LinkTokenSchema, password: NewPasswordSchema });
export type ResetPasswordInput = z.infer<typeof ResetPasswordInputSchema>;

export const VerifyEmailInputSchema = z.object({ token: LinkTokenSchema });

export const ChangePasswordInputSchema = z.object({
  password: z.string().min(1, "Enter your current password."),
  newPassword: NewPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

export const SecondFactorCodeSchema = z
  .string()
  .trim()
  .min(1, "Enter the code from your authenticator app.")
  .max(64, "That code is too long.");

export const ConfirmTwoFactorInputSchema = z.object({ code: SecondFactorCodeSchema });

// Re-authentication: the password, or a code when the person has two-factor sign-in.
export const ReauthenticateInputSchema = z.object({
  method: z.enum(["password", "code"]),
  secret: z.string().min(1, "Enter it to continue.").max(1024),
});
export type ReauthenticateInput = z.infer<typeof ReauthenticateInputSchema>;

export const SignOutSessionsInputSchema = z.object({
  sessionIds: z.array(idSchema("userSession")).min(1).max(100),
});

export const RequireTwoFactorInputSchema = z.object({ required: z.boolean() });
