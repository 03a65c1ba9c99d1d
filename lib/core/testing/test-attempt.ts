// Tests that start from a payment the buyer already chose an option for: its attempt, as the
// hosted checkout records one (a `transfer` attempt), named by the payment.
import { db, withAttempt, type Payment } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";

export async function giveTestAttempt(
  paymentId: string,
  option: { asset: string; value: string; destination?: string; settlementId?: string },
): Promise<Payment> {
  const payment = await db().payment.findUniqueOrThrow({ where: { id: paymentId } });
  const attempt = await db().paymentAttempt.create({
    data: {
      id: newId("opt"),
      accountId: payment.accountId,
      mode: payment.mode,
      paymentId,
      settlementId: option.settlementId ?? null,
      asset: option.asset,
      destination: option.destination ?? `${option.asset.split("/")[0]}:0x${"0".repeat(40)}`,
      value: option.value,
      method: "transfer",
      expiresAt: payment.expiresAt,
      createdAt: payment.createdAt,
    },
  });
  return db().payment.update({
    where: { id: paymentId },
    data: { attemptId: attempt.id },
    include: withAttempt,
  });
}
