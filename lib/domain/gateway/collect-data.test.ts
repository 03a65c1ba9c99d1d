import { describe, expect, it } from "vitest";
import { db, withAttempt } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { createTestAccount, withTestDatabase } from "@/lib/core/testing/test-database";
import { createTestMerchant, createTestPayment } from "@/lib/domain/testing/test-payment";
import { recordCollectedData } from "./collect-data";

withTestDatabase();

async function paymentOfMerchantCollectingNames() {
  const scope = await createTestAccount();
  const merchant = await createTestMerchant(scope, { collectFields: ["fullName"] });
  return createTestPayment(scope, merchant.id);
}

describe("information capture on confirm", () => {
  it("refuses an open payment's confirm without the details, naming the field, and keeps them sealed once given", async () => {
    const payment = await paymentOfMerchantCollectingNames();
    const refused = await recordCollectedData(payment, []).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: "params_validation",
      details: { fields: { "collectedData.fullName": expect.any(String) } },
    });
    await recordCollectedData(payment, [{ id: "fullName", value: "Ada Lovelace" }]);
    const stored = await db().payment.findUniqueOrThrow({ where: { id: payment.id } });
    expect(stored.collectedData).toBeTruthy();
    expect(stored.collectedData).not.toContain("Ada");
  });

  it("leaves a payment that is no longer open to confirm's own answer (invalid_state or the replay), storing nothing", async () => {
    const payment = await paymentOfMerchantCollectingNames();
    const cancelled = await db().payment.update({
      where: { id: payment.id },
      data: { status: "cancelled" },
      include: withAttempt,
    });
    await expect(recordCollectedData(cancelled, [])).resolves.toBeUndefined();
    await recordCollectedData(cancelled, [{ id: "fullName", value: "Ada Lovelace" }]);
    expect((await db().payment.findUniqueOrThrow({ where: { id: payment.id } })).collectedData).toBeNull();
  });
});
