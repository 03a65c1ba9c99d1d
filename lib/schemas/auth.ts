import { z } from "zod";
import { weakPasswordReason } from "@/lib/auth/weak-password";

export const Email = z.email("Enter a valid email address.").trim().toLowerCase().max(254, "Use at most 254 characters.");

export const SignInInput = z.object({
  email: Email,
  password: z.string().min(1, "Enter your password."),
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
