import "server-only";
import type { CallContext } from "@/lib/domain/context/call-context";
import { recordAudit } from "@/lib/domain/audit-log/audit";
import { AppError, notFound } from "@/lib/core/errors/errors";
import type { DismissUnmatchedTransferValues } from "@/lib/domain/schemas/unmatched-transfer";
import { tenant } from "@/lib/core/tenancy/scope";

/** Support decides an unmatched transfer needs nothing more (returned by hand, a test, a deposit): kept with the note, out of the inbox. */
export async function dismissUnmatchedTransfer(
  ctx: CallContext,
  input: DismissUnmatchedTransferValues,
): Promise<void> {
  const { tx, scope, actor } = ctx;
  const { count } = await tx.unmatchedTransfer.updateMany({
    where: { id: input.transferId, ...tenant(scope), status: "open" },
    data: { status: "dismissed", note: input.note, resolvedBy: actor, resolvedAt: new Date() },
  });
  if (count === 0) {
    const current = await tx.unmatchedTransfer.findFirst({
      where: { id: input.transferId, ...tenant(scope) },
      select: { status: true },
    });
    if (!current) throw notFound("Transfer");
    throw new AppError("conflict", `This transfer is already ${current.status}.`);
  }
  await recordAudit(tx, {
    ...tenant(scope),
    actor,
    action: "unmatched_transfer.dismissed",
    targetType: "unmatched_transfer",
    targetId: input.transferId,
    data: { note: input.note },
  });
}
