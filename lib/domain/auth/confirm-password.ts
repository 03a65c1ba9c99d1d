import "server-only";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { verifyPassword } from "@/lib/domain/accounts/passwords";
import { beginLoginAttempt } from "./login-rate-limit";

/**
 * Asks a signed-in user for their password again before a sensitive change (such as where money
 * goes), so a session left open on someone else's screen is not enough. A wrong password is an
 * error on the `password` field. Guesses share sign-in's limiter (a stolen session must not become
 * an unlimited password oracle), and the deliberately slow hash runs before, never inside, the
 * caller's transaction so that guessing cannot hold database connections.
 */
export async function confirmPassword(
  userId: string,
  password: string,
  clientAddress: string | null,
  field = "password",
): Promise<void> {
  const wrong = () =>
    new AppError("params_validation", "That password is not correct.", {
      fields: { [field]: "That password is not correct." },
    });
  const user = await db().user.findUnique({ where: { id: userId }, omit: { passwordHash: false } });
  if (!user) throw wrong();
  const attempt = await beginLoginAttempt(user.email, clientAddress);
  if (!attempt.ok) {
    const minutes = Math.ceil(attempt.retryAfterSeconds / 60);
    throw new AppError(
      "rate_limited",
      `Too many wrong passwords. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      { retryAfterSeconds: attempt.retryAfterSeconds },
    );
  }
  if (!(await verifyPassword(password, user.passwordHash))) throw wrong();
  await attempt.succeeded();
}
