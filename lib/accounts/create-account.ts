import "server-only";
import { CURRENT_API_VERSION } from "@/lib/api-version";
import { recordAudit } from "@/lib/audit";
import { type Role, type Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { hashPassword } from "@/lib/passwords";

export type NewAccount = { accountName: string; ownerEmail: string; ownerName: string; password: string };

/** An account with its first member, the owner. Fails with `conflict` if the email is taken. */
export async function createAccountWithOwner(tx: Tx, input: NewAccount) {
  const email = input.ownerEmail.trim().toLowerCase();
  if (await tx.user.findUnique({ where: { email } })) {
    throw new AppError("conflict", "An account with this email already exists.", { fields: { email: "An account with this email already exists. Sign in instead." } });
  }
  const account = await tx.account.create({
    data: { id: newId("acct"), name: input.accountName, apiVersion: CURRENT_API_VERSION },
  });
  const user = await tx.user.create({
    data: { id: newId("user"), email, name: input.ownerName, passwordHash: await hashPassword(input.password) },
  });
  const role: Role = "owner";
  await tx.membership.create({ data: { id: newId("mem"), accountId: account.id, userId: user.id, role } });
  await recordAudit(tx, { accountId: account.id, actor: `user:${user.id}`, action: "account.created", targetType: "account", targetId: account.id });
  return { account, user };
}
