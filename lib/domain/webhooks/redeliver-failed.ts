import "server-only";
import type { CallContext } from "@/lib/domain/context/call-context";
import { recordAudit } from "@/lib/domain/audit-log/audit";
import { Prisma } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import type { RedeliverFailedInput } from "@/lib/domain/schemas/webhook";
import { tenant } from "@/lib/core/tenancy/scope";
import { getWebhookEndpoint } from "./get-endpoint";

const maxPerRequest = 1_000;

/**
 * Queues again every delivery to this endpoint that failed for good and was created in the range,
 * oldest first, up to 1,000. Each is taken once: the rows are locked and re-checked as failed, so
 * a second request racing this one waits and then finds them pending, and redelivers nothing twice.
 */
export async function redeliverFailed(ctx: CallContext, endpointId: string, range: RedeliverFailedInput) {
  const { tx, scope, actor } = ctx;
  const endpoint = await getWebhookEndpoint(tx, scope, endpointId);
  if (!endpoint.enabled)
    throw new AppError("conflict", "This endpoint is disabled. Enable it first, then redeliver.");
  const from = new Date(range.from);
  const to = new Date(range.to);
  const rows = await tx.$queryRaw<{ id: string }[]>(Prisma.sql`
    SELECT "id" FROM "WebhookDelivery"
    WHERE "accountId" = ${scope.accountId} AND "mode" = ${scope.mode}::"Mode" AND "endpointId" = ${endpoint.id}
      AND "status" = 'failed' AND "createdAt" >= ${from} AND "createdAt" < ${to}
    ORDER BY "createdAt", "id" LIMIT ${maxPerRequest + 1}
    FOR UPDATE`);
  const ids = rows.slice(0, maxPerRequest).map((row) => row.id);
  if (ids.length > 0) {
    await tx.webhookDelivery.updateMany({
      where: { id: { in: ids }, ...tenant(scope), status: "failed" },
      data: { status: "pending", nextAttemptAt: new Date(), leaseId: null },
    });
  }
  await recordAudit(tx, {
    ...tenant(scope),
    actor,
    action: "webhook_deliveries.redelivered_failed",
    targetType: "webhook_endpoint",
    targetId: endpoint.id,
    data: { from: from.toISOString(), to: to.toISOString(), redelivered: ids.length },
  });
  return { redelivered: ids.length, deliveryIds: ids, hasMore: rows.length > maxPerRequest };
}
