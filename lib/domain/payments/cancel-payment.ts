import "server-only";
import type { CallContext } from "@/lib/domain/context/call-context";
import { getPayment } from "./get-payment";
import { transitionPayment } from "./transition";

/** Cancels an unpaid payment; a paid, failed, expired or already cancelled one answers 400 invalid_state. */
export async function cancelPayment(ctx: CallContext, paymentId: string) {
  const { tx, scope, actor } = ctx;
  const payment = await getPayment(tx, scope, paymentId);
  return transitionPayment(tx, payment, "cancelled", { actor });
}
