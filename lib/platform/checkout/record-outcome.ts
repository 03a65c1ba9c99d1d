import "server-only";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { recordPaymentEvent, retryOnConflict } from "@/lib/domain/payments/record-event";
import { findCheckoutPayment } from "@/lib/domain/payments/find-checkout-payment";
import type { ReportOutcomeInput } from "@/lib/domain/schemas/checkout";

export const bridgeOutcomeEvent = "payment.bridge_outcome_posted";

export type RecordedBridgeOutcome = { outcome: string; bridges: string[]; recordedAt: string };

/**
 * The checkout posted the payment's outcome to an embedding app's bridge (spec section 6): one
 * entry on the payment's history, not a webhook event (the spec's event types are fixed, and the
 * app's server learns the outcome from the status endpoint anyway). A page can only report the
 * outcome the payment really reached, and it is recorded once: final states never change, so a
 * reload, a double post or another web view reporting later adds nothing, and the first report,
 * with the bridges it named, stands. Every answer is that entry.
 */
export async function recordBridgeOutcome(
  paymentId: string,
  input: ReportOutcomeInput,
): Promise<RecordedBridgeOutcome> {
  const found = await findCheckoutPayment(paymentId);
  // A final status never changes, so checking this reading holds for the write below too.
  if (found.status !== input.outcome) {
    throw new AppError("outcome_mismatch", `The payment's status is ${found.status}, not ${input.outcome}.`, {
      status: found.status,
      outcome: input.outcome,
    });
  }
  const where = {
    accountId: found.accountId,
    mode: found.mode,
    paymentId: found.id,
    type: bridgeOutcomeEvent,
  };
  // Two posts at once both find no entry; recordPaymentEvent's version check fails the second,
  // whose retry then finds the first one's. The payment is read before the entry is looked for: read
  // after, it could already carry the first post's version, and the second would record again.
  const event = await retryOnConflict(() =>
    db().$transaction(async (tx) => {
      const payment = await tx.payment.findUniqueOrThrow({ where: { id: found.id } });
      const earlier = await tx.paymentEvent.findFirst({ where });
      if (earlier) return earlier;
      await recordPaymentEvent(tx, payment, { type: bridgeOutcomeEvent, actor: "buyer", data: input });
      return tx.paymentEvent.findFirstOrThrow({ where });
    }),
  );
  const data = event.data as { outcome: string; bridges: string[] };
  return { outcome: data.outcome, bridges: data.bridges, recordedAt: event.createdAt.toISOString() };
}
