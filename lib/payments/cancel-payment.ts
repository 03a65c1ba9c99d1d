import "server-only";
import type { Tx } from "@/lib/db";
import type { Scope } from "@/lib/scope";
import { getPayment } from "./get-payment";
import { transitionPayment } from "./transition";

/** Cancels an unpaid payment; a paid, failed, expired or already cancelled one answers 400 invalid_state. */
export async function cancelPayment(tx: Tx, scope: Scope, actor: string, paymentId: string) {
  const payment = await getPayment(tx, scope, paymentId);
  return transitionPayment(tx, payment, "cancelled", { actor });
}
