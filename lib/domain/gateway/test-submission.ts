import { db } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import { createPayment } from "@/lib/domain/payments/create-payment";
import { CreatePaymentBodySchema } from "@/lib/domain/schemas/payment";

/** For unit tests: a live relayer submission on `chainId` for a new payment of the account. */
export async function createTestSubmission(
  accountId: string,
  chainId: string,
  data: { status?: string; createdAt?: Date; gasUsed?: number; gasLimit?: number } = {},
) {
  const merchant = await db().merchant.create({
    data: { id: newId("mrch"), accountId, mode: "live", name: "Shop", email: "shop@example.com" },
  });
  const { payment } = await createPayment(
    { tx: db(), scope: { accountId, mode: "live" }, actor: "system" },
    merchant.id,
    CreatePaymentBodySchema.parse({ referenceId: "r", amount: { unit: "iso4217/USD", value: "100" } }),
  );
  return db().relayerSubmission.create({
    data: {
      id: newId("rly"),
      accountId,
      mode: "live",
      paymentId: payment.id,
      optionId: newId("opt"),
      chainId,
      ...data,
    },
  });
}
