import { z } from "zod";

export const SignInInput = z.object({
  email: z.email("Enter a valid email address.").trim().toLowerCase(),
  password: z.string().min(1, "Enter your password."),
});
export type SignInInput = z.infer<typeof SignInInput>;
