// The test server's side of the /payments fixture (see test-control.ts): each body parsed by the
// API's own schema and written by the domain function its operation calls, as the key's caller.
import { authenticate } from "@/lib/platform/api/authenticate";
import { db } from "@/lib/core/db";
import { createMerchant } from "@/lib/domain/merchants/create-merchant";
import { createPayment } from "@/lib/domain/payments/create-payment";
import { simulatePayment } from "@/lib/domain/payments/simulate-payment";
import { CreateMerchantBodySchema } from "@/lib/domain/schemas/merchant";
import { CreatePaymentBodySchema, SimulateBodySchema } from "@/lib/domain/schemas/payment";
import { RegisterCryptoSettlementsBodySchema } from "@/lib/domain/schemas/settlement";
import { registerCryptoSettlements } from "@/lib/domain/settlements/register-crypto-settlements";
import type { PaymentsSeed, SeededRows } from "./test-control";

export async function seedPaymentsInProcess(seed: PaymentsSeed): Promise<SeededRows> {
  const caller = await authenticate((name) => (name === "api-key" ? seed.apiKey : null), false);
  const merchants: SeededRows["merchants"] = [];
  for (const m of seed.merchants) {
    const merchant = await db().$transaction(async (tx) => {
      const created = await createMerchant(
        { tx, scope: caller, actor: caller.actor },
        CreateMerchantBodySchema.parse(m.body),
      );
      if (m.settlements)
        await registerCryptoSettlements(
          { tx, scope: caller, actor: caller.actor },
          created.id,
          RegisterCryptoSettlementsBodySchema.parse(m.settlements),
          { confirmWarnings: true },
        );
      return created;
    });
    merchants.push({ id: merchant.id, name: merchant.name });
  }
  // PostgreSQL takes several at once; the embedded database runs one statement at a time anyway.
  const parallel = process.env.DATABASE_URL ? 8 : 1;
  const payments: SeededRows["payments"] = new Array(seed.payments.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let i = next++; i < seed.payments.length; i = next++) {
        const p = seed.payments[i]!;
        const payment = await db().$transaction(async (tx) => {
          const { payment: created } = await createPayment(
            { tx, scope: caller, actor: caller.actor },
            merchants[p.merchant]!.id,
            CreatePaymentBodySchema.parse(p.body),
          );
          return p.outcome
            ? simulatePayment(
                { tx, scope: caller, actor: caller.actor },
                created.id,
                SimulateBodySchema.parse({ outcome: p.outcome }).outcome,
              )
            : created;
        });
        payments[i] = { id: payment.id, status: payment.status, createdAt: payment.createdAt.toISOString() };
      }
    }),
  );
  return { merchants, payments };
}
