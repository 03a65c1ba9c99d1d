import "server-only";
import { db } from "@/lib/db";
import { burnPasswordCheck, verifyPassword } from "@/lib/passwords";
import { SignInInput } from "@/lib/schemas/auth";

/** The user behind an email and password, or null. Takes the same time whether or not the email exists. */
export async function verifyCredentials(input: unknown): Promise<{ id: string; email: string; name: string } | null> {
  const parsed = SignInInput.safeParse(input);
  if (!parsed.success) return null;
  const { email, password } = parsed.data;
  const user = await db().user.findUnique({ where: { email }, omit: { passwordHash: false } });
  if (!user) {
    await burnPasswordCheck(password);
    return null;
  }
  if (!(await verifyPassword(password, user.passwordHash))) return null;
  await db().user.update({ where: { id: user.id }, data: { lastLoginAt: new Date() } });
  return { id: user.id, email: user.email, name: user.name };
}
