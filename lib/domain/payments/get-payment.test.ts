import { describe, expect, it } from "vitest";
import { db, type PaymentStatus } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import { CreatePaymentBodySchema } from "@/lib/domain/schemas/payment";
import { createTestAccount, withTestDatabase } from "@/lib/core/testing/test-database";
import { createPayment } from "./create-payment";
import { openPaymentStatus } from "./get-payment";

withTestDatabase();

const body = CreatePaymentBodySchema.parse({
  referenceId: "Order-1",
  amount: { unit: "iso4217/USD", value: "1050" },
});

describe("openPaymentStatus", () => {
  it("answers an open payment's status object, and null for a final one, one past its expiry, or one outside the scope and merchant", async () => {
    const scope = await createTestAccount();
    const merchant = await db().merchant.create({
      data: { id: newId("mrch"), ...scope, name: "Shop", email: "shop@example.com" },
    });
    const payment = async (status: PaymentStatus, expiresAt = new Date(Date.now() + 60_000)) => {
      const { payment } = await createPayment({ tx: db(), scope, actor: "system" }, merchant.id, body);
      await db().payment.update({ where: { id: payment.id }, data: { status, expiresAt } });
      return payment.id;
    };
    expect(await openPaymentStatus(scope, await payment("requires_action"), merchant.id)).toEqual({
      status: "requires_action",
      isFinal: false,
      pollInMs: 2000,
      info: null,
    });
    expect(
      await openPaymentStatus(scope, await payment("processing", new Date(Date.now() - 1)), merchant.id),
    ).toEqual({ status: "processing", isFinal: false, pollInMs: 1000, info: null });
    expect(
      await openPaymentStatus(scope, await payment("requires_action", new Date(Date.now() - 1)), merchant.id),
    ).toBeNull();
    expect(await openPaymentStatus(scope, await payment("succeeded"), merchant.id)).toBeNull();
    const open = await payment("requires_action");
    expect(await openPaymentStatus(scope, open, newId("mrch"))).toBeNull();
    expect(await openPaymentStatus({ ...scope, mode: "live" }, open, merchant.id)).toBeNull();
    expect(await openPaymentStatus(await createTestAccount(), open, merchant.id)).toBeNull();
    expect(await openPaymentStatus(scope, "not-an-id", merchant.id)).toBeNull();
  });
});
