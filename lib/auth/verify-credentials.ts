import "server-only";
import { db } from "@/lib/db";
import { burnPasswordCheck, verifyPassword } from "@/lib/passwords";
import { SignInInput } from "@/lib/schemas/auth";
import { beginLoginAttempt } from "./login-rate-limit";

export type CredentialsCheck =
  | { ok: true; user: { id: string; email: string; name: string } }
  | { ok: false; reason: "mismatch" }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

/**
 * The user behind an email and password. Takes the same time whether or not the email exists, and
 * refuses (before checking the password) once the email or the caller's address made too many attempts.
 */
export async function verifyCredentials(input: unknown, clientAddress: string | null): Promise<CredentialsCheck> {
  const parsed = SignInInput.safeParse(input);
  if (!parsed.success) return { ok: false, reason: "mismatch" };
  const { email, password } = parsed.data;
  const attempt = await beginLoginAttempt(email, clientAddress);
  if (!attempt.ok) return { ok: false, reason: "rate_limited", retryAfterSeconds: attempt.retryAfterSeconds };
  const user = await db().user.findUnique({ where: { email }, omit: { passwordHash: false } });
  if (!user) {
    await burnPasswordCheck(password);
    return { ok: false, reason: "mismatch" };
  }
  if (!(await verifyPassword(password, user.passwordHash))) return { ok: false, reason: "mismatch" };
  await attempt.succeeded();
  await db().user.update({ where: { id: user.id }, data: { lastLoginAt: new Date() } });
  return { ok: true, user: { id: user.id, email: user.email, name: user.name } };
}
