import type { PaymentStatusJson } from "@/lib/domain/schemas/payment";
import type { Scope } from "@/lib/core/tenancy/scope";

// A final payment's status object never changes: the state machine has no way out of a final
// state, and `info` is made only from columns written with the final transition. So once any
// request has read it, later polls for the same payment, asked in the same scope, are answered from
// memory without a query. The key holds the whole scope of the read (account, mode, merchant), so
// an entry answers only a request that the database would have answered the same way.
const capacity = 50_000;
const statuses: Map<string, PaymentStatusJson> = ((
  globalThis as { __tollgateFinalStatuses?: Map<string, PaymentStatusJson> }
).__tollgateFinalStatuses ??= new Map());

function keyOf(scope: Scope, merchantId: string, paymentId: string): string {
  return `${scope.accountId}\u0000${scope.mode}\u0000${merchantId}\u0000${paymentId}`;
}

export function cachedFinalStatus(
  scope: Scope,
  merchantId: string,
  paymentId: string,
): PaymentStatusJson | undefined {
  return statuses.get(keyOf(scope, merchantId, paymentId));
}

/** Remembers a status if it is final; beyond `capacity` entries the oldest is forgotten. */
export function rememberIfFinal(
  scope: Scope,
  merchantId: string,
  paymentId: string,
  status: PaymentStatusJson,
): PaymentStatusJson {
  if (!status.isFinal) return status;
  const key = keyOf(scope, merchantId, paymentId);
  if (!statuses.has(key) && statuses.size >= capacity) statuses.delete(statuses.keys().next().value!);
  statuses.set(key, status);
  return status;
}
