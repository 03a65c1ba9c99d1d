import "server-only";
import type { DbOrTx } from "@/lib/core/db";
import type { Scope } from "@/lib/core/tenancy/scope";
import { getPayment } from "./get-payment";
import { transitionPayment } from "./transition";

/** Cancels an unpaid payment; a paid, failed, expired or already cancelled one answers 400 invalid_state. */
export async function cancelPayment(tx: DbOrTx, scope: Scope, actor: string, paymentId: string) {
  const payment = await getPayment(tx, scope, paymentId);
  return transitionPayment(tx, payment, "cancelled", { actor });
}
