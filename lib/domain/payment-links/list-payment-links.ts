import "server-only";
import type { DbOrTx } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { afterPosition, decodeCursor, newestFirst, toPage } from "@/lib/core/db/pagination";
import type { Scope } from "@/lib/core/tenancy/scope";
import { serializePaymentLink } from "./serialize";

/** Payment links of this account and mode, newest first. */
export async function listPaymentLinks(q: DbOrTx, scope: Scope, page: { limit: number; cursor?: string }) {
  const position = page.cursor ? decodeCursor(page.cursor) : null;
  if (page.cursor && !position)
    throw new AppError("params_validation", "The cursor is invalid; pass nextCursor from a previous page.", {
      fields: { cursor: "Invalid." },
    });
  const rows = await q.paymentLink.findMany({
    where: { accountId: scope.accountId, mode: scope.mode, ...afterPosition(position) },
    orderBy: newestFirst,
    take: page.limit + 1,
  });
  return toPage(rows, page.limit, serializePaymentLink);
}
