import "server-only";
import type { DbOrTx } from "@/lib/db";
import type { Scope } from "@/lib/tenancy/scope";
import { getPayment } from "./get-payment";
import { transitionPayment } from "./transition";

/** Cancels an unpaid payment; a paid, failed, expired or already cancelled one answers 400 invalid_state. */
export async function cancelPayment(tx: DbOrTx, scope: Scope, actor: string, paymentId: string) {
  const payment = await getPayment(tx, scope, paymentId);
  return transitionPayment(tx, payment, "cancelled", { actor });
}
