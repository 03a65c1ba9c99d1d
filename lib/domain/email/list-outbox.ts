import "server-only";
import type { DbOrTx } from "@/lib/core/db";

/** The newest mail concerning an account, for its owners' outbox page. */
export async function listOutbox(q: DbOrTx, accountId: string, limit = 50) {
  return q.outboundEmail.findMany({
    where: { accountId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: {
      id: true,
      to: true,
      subject: true,
      text: true,
      status: true,
      attempts: true,
      error: true,
      sentAt: true,
      createdAt: true,
    },
  });
}
