import "server-only";
import crypto from "node:crypto";
import { db, type DbOrTx } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import { hmacHex } from "@/lib/core/config/secrets";

const count = 10;
// Letters and digits that cannot be mistaken for one another when read off paper.
const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";

/** Spaces, dashes and case do not matter when a code is typed back. */
function normalize(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, "");
}

function hashCode(code: string): string {
  return hmacHex("recovery-code", normalize(code));
}

function newCode(): string {
  const chars = Array.from(crypto.randomBytes(10), (byte) => alphabet[byte % alphabet.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Replaces the user's recovery codes; the returned plain codes are the only copy. */
export async function issueRecoveryCodes(tx: DbOrTx, userId: string): Promise<string[]> {
  const codes = Array.from({ length: count }, newCode);
  await tx.recoveryCode.deleteMany({ where: { userId } });
  await tx.recoveryCode.createMany({
    data: codes.map((code) => ({ id: newId("rcv"), userId, codeHash: hashCode(code) })),
  });
  return codes;
}

/** Spends a recovery code: true once, false for a wrong or already used code (one statement, so two racing uses cannot both win). */
export async function spendRecoveryCode(userId: string, code: string): Promise<boolean> {
  const { count: used } = await db().recoveryCode.updateMany({
    where: { userId, codeHash: hashCode(code), usedAt: null },
    data: { usedAt: new Date() },
  });
  return used === 1;
}
