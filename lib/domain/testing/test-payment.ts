// Unit tests that start from a merchant and an open payment, made as the API makes them.
import { db, type Payment, type Prisma } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import type { Scope } from "@/lib/core/tenancy/scope";
import { createPayment } from "@/lib/domain/payments/create-payment";
import { CreatePaymentBodySchema } from "@/lib/domain/schemas/payment";

/** A merchant "Shop" of `scope`, with `data` over those defaults. */
export function createTestMerchant(scope: Scope, data: Partial<Prisma.MerchantUncheckedCreateInput> = {}) {
  return db().merchant.create({
    data: { id: newId("mrch"), ...scope, name: "Shop", email: "shop@example.com", ...data },
  });
}

/** An open payment of 10.50 USD for `merchantId` (a new merchant when none is named), created by "system". */
export async function createTestPayment(scope: Scope, merchantId?: string): Promise<Payment> {
  const { payment } = await createPayment(
    { tx: db(), scope, actor: "system" },
    merchantId ?? (await createTestMerchant(scope)).id,
    CreatePaymentBodySchema.parse({ referenceId: "r", amount: { unit: "iso4217/USD", value: "1050" } }),
  );
  return payment;
}
