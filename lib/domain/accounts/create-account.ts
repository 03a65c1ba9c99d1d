import "server-only";
import { CURRENT_API_VERSION } from "@/lib/core/config/api-version";
import { recordAudit } from "@/lib/domain/audit-log/audit";
import { type Role, type DbOrTx } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { newId } from "@/lib/core/ids/ids";
import { hashPassword } from "@/lib/domain/accounts/passwords";

/**
 * `emailVerified`: whether whoever creates the account vouches for the owner's email (an operator
 * does; a sign-up does not, and then the owner signs in only once they confirmed it).
 */
export type NewAccount = {
  accountName: string;
  ownerEmail: string;
  ownerName: string;
  password: string;
  emailVerified: boolean;
};

/** An account with its first member, the owner. Fails with `conflict` if the email is taken. */
export async function createAccountWithOwner(tx: DbOrTx, input: NewAccount) {
  const email = input.ownerEmail.trim().toLowerCase();
  if (await tx.user.findUnique({ where: { email } })) {
    throw new AppError("conflict", "An account with this email already exists.", {
      fields: { email: "An account with this email already exists. Sign in instead." },
    });
  }
  const account = await tx.account.create({
    data: { id: newId("acct"), name: input.accountName, apiVersion: CURRENT_API_VERSION },
  });
  const user = await tx.user.create({
    data: {
      id: newId("user"),
      email,
      name: input.ownerName,
      passwordHash: await hashPassword(input.password),
      emailVerifiedAt: input.emailVerified ? new Date() : null,
      confirmEmailBeforeSignIn: !input.emailVerified,
    },
  });
  const role: Role = "owner";
  await tx.membership.create({ data: { id: newId("mem"), accountId: account.id, userId: user.id, role } });
  await recordAudit(tx, {
    accountId: account.id,
    actor: `user:${user.id}`,
    action: "account.created",
    targetType: "account",
    targetId: account.id,
  });
  return { account, user };
}
