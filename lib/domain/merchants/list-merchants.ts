import "server-only";
import type { DbOrTx } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { afterPosition, decodeCursor, newestFirst, toPage } from "@/lib/core/db/pagination";
import type { Scope } from "@/lib/core/tenancy/scope";
import { serializeMerchant } from "./serialize";

export async function listMerchants(q: DbOrTx, scope: Scope, page: { limit: number; cursor?: string }) {
  const position = page.cursor ? decodeCursor(page.cursor) : null;
  if (page.cursor && !position)
    throw new AppError("params_validation", "The cursor is invalid; pass nextCursor from a previous page.", {
      fields: { cursor: "Invalid." },
    });
  const where = { accountId: scope.accountId, mode: scope.mode, deletedAt: null };
  const [rows, totalCount] = await Promise.all([
    q.merchant.findMany({
      where: { ...where, ...afterPosition(position) },
      orderBy: newestFirst,
      take: page.limit + 1,
    }),
    q.merchant.count({ where }),
  ]);
  const listed = toPage(rows, page.limit, serializeMerchant);
  return { ...listed, merchants: listed.data, totalCount };
}
