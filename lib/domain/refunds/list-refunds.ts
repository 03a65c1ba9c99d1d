import "server-only";
import type { DbOrTx } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { afterPosition, decodeCursor, newestFirst, toPage } from "@/lib/core/db/pagination";
import type { ListRefundsFilter } from "@/lib/domain/schemas/refund";
import type { Scope } from "@/lib/core/tenancy/scope";
import { serializeRefund } from "./serialize";

/** Refunds newest first, optionally of one payment, as `{ data, nextCursor }`. */
export async function listRefunds(q: DbOrTx, scope: Scope, filter: ListRefundsFilter) {
  const position = filter.cursor ? decodeCursor(filter.cursor) : null;
  if (filter.cursor && !position)
    throw new AppError("params_validation", "The cursor is invalid; pass nextCursor from a previous page.", {
      fields: { cursor: "Invalid." },
    });
  const rows = await q.refund.findMany({
    where: {
      AND: [
        {
          accountId: scope.accountId,
          mode: scope.mode,
          ...(filter.paymentId ? { paymentId: filter.paymentId } : {}),
        },
        afterPosition(position),
      ],
    },
    orderBy: newestFirst,
    take: filter.limit + 1,
  });
  return toPage(rows, filter.limit, serializeRefund);
}
