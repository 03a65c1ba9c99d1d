import "server-only";
import type { Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { verifyPassword } from "@/lib/passwords";

/**
 * Asks a signed-in user for their password again before a sensitive change (such as where money
 * goes), so a session left open on someone else's screen is not enough. A wrong password is an
 * error on the `password` field.
 */
export async function confirmPassword(q: Tx, userId: string, password: string): Promise<void> {
  const user = await q.user.findUnique({ where: { id: userId }, omit: { passwordHash: false } });
  if (!user || !(await verifyPassword(password, user.passwordHash))) {
    throw new AppError("params_validation", "That password is not correct.", { fields: { password: "That password is not correct." } });
  }
}
