import "server-only";
import { db } from "@/lib/core/db";

/**
 * What a payment's deposit address still waits for after a short transfer: the last shortfall the
 * sweep recorded (asset, held, due), or null when nothing short is waiting there.
 */
export async function depositShortfall(
  paymentId: string,
): Promise<{ asset: string; held: string; due: string } | null> {
  const last = await db().paymentEvent.findFirst({
    where: { paymentId, type: { in: ["payment.deposit_short", "payment.deposit_swept"] } },
    orderBy: { version: "desc" },
    select: { type: true, data: true },
  });
  if (last?.type !== "payment.deposit_short") return null;
  const data = last.data as { asset: string; held: string; due: string };
  return { asset: data.asset, held: data.held, due: data.due };
}
