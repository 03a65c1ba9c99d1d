import "server-only";
import type { DbOrTx } from "@/lib/core/db";
import type { Scope } from "@/lib/core/tenancy/scope";
import { listSettlements } from "./list-settlements";

/** A merchant's settlement destinations after a change, as `GET /v1/merchants/{id}/settlements` shows them. */
export async function settlementsSnapshot(q: DbOrTx, scope: Scope, merchantId: string) {
  return { merchantId, ...(await listSettlements(q, scope, merchantId)) };
}
