import "server-only";
import type { Prisma, Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { afterPosition, decodeCursor, newestFirst, toPage } from "@/lib/pagination";
import type { ListPaymentsFilter } from "@/lib/schemas/payment";
import type { Scope } from "@/lib/scope";
import { serializePayment } from "./serialize";

export function paymentFilterWhere(scope: Scope, filter: Omit<ListPaymentsFilter, "limit" | "cursor">): Prisma.PaymentWhereInput {
  return {
    accountId: scope.accountId,
    mode: scope.mode,
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.merchantId ? { merchantId: filter.merchantId } : {}),
    ...(filter.asset ? { optionAsset: filter.asset } : {}),
    ...(filter.createdFrom || filter.createdTo
      ? { createdAt: { ...(filter.createdFrom ? { gte: new Date(filter.createdFrom) } : {}), ...(filter.createdTo ? { lt: new Date(filter.createdTo) } : {}) } }
      : {}),
  };
}

export async function listPayments(q: Tx, scope: Scope, filter: ListPaymentsFilter) {
  const position = filter.cursor ? decodeCursor(filter.cursor) : null;
  if (filter.cursor && !position) throw new AppError("invalid_request", "The cursor is invalid; pass nextCursor from a previous page.", { fields: { cursor: "Invalid." } });
  const rows = await q.payment.findMany({
    where: { AND: [paymentFilterWhere(scope, filter), afterPosition(position)] },
    orderBy: newestFirst,
    take: filter.limit + 1,
  });
  return toPage(rows, filter.limit, serializePayment);
}
