import "server-only";
import type { Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { recordEvent } from "@/lib/events/record-event";
import { paymentSnapshot } from "@/lib/events/snapshots";
import { newId } from "@/lib/ids";
import { getMerchant } from "@/lib/merchants/get-merchant";
import type { CreatePaymentInput } from "@/lib/schemas/payment";
import { tenant, type Scope } from "@/lib/scope";
import { defaultLifetimeMs, maxLifetimeMs, minLifetimeMs } from "./lifecycle";

export async function createPayment(tx: Tx, scope: Scope, actor: string, merchantId: string, input: CreatePaymentInput) {
  await getMerchant(tx, scope, merchantId).catch((error: unknown) => {
    throw error instanceof AppError && error.code === "not_found" ? new AppError("merchant_not_found", "Merchant not found: the Merchant-Id header names no merchant of this account and mode.") : error;
  });
  const now = new Date();
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : new Date(now.getTime() + defaultLifetimeMs);
  const lifetime = expiresAt.getTime() - now.getTime();
  if (lifetime < minLifetimeMs || lifetime > maxLifetimeMs) {
    throw new AppError("params_validation", "expiresAt must be between 1 minute and 30 days from now.", { fields: { expiresAt: "Must be between 1 minute and 30 days from now." } });
  }
  const id = newId("pay");
  const payment = await tx.payment.create({
    data: {
      id,
      ...tenant(scope),
      merchantId,
      referenceId: input.referenceId,
      amountUnit: input.amount.unit,
      amountValue: input.amount.value,
      expiresAt,
      createdAt: now,
      checkoutSuccessUrl: input.checkout?.successUrl ?? null,
      checkoutErrorUrl: input.checkout?.errorUrl ?? null,
    },
  });
  // Not a nested create: that makes Prisma read the payment back after both inserts.
  await tx.paymentEvent.create({ data: { id: newId("pev"), ...tenant(scope), paymentId: id, version: 1, type: "payment.created", toStatus: "requires_action", actor, createdAt: now } });
  await recordEvent(tx, scope, "payment.created", paymentSnapshot(payment));
  return payment;
}
