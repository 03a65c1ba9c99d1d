import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import { createPayment } from "@/lib/domain/payments/create-payment";
import { transitionPayment } from "@/lib/domain/payments/transition";
import { CreatePaymentBodySchema } from "@/lib/domain/schemas/payment";
import { CreateRefundBodySchema } from "@/lib/domain/schemas/refund";
import type { Scope } from "@/lib/core/tenancy/scope";
import { createTestAccount, withTestDatabase } from "@/lib/core/testing/test-database";
import { createRefund } from "./create-refund";

withTestDatabase();

/** A payment of $10.50 in `scope`, succeeded unless told otherwise. */
async function paidPayment(scope: Scope, succeed = true) {
  const merchant = await db().merchant.create({
    data: { id: newId("mrch"), ...scope, name: "Shop", email: "shop@example.com" },
  });
  const { payment } = await createPayment(
    { tx: db(), scope, actor: "system" },
    merchant.id,
    CreatePaymentBodySchema.parse({ referenceId: "r", amount: { unit: "iso4217/USD", value: "1050" } }),
  );
  return succeed
    ? db().$transaction((tx) =>
        transitionPayment(tx, payment, "succeeded", {
          actor: "system",
          patch: { txId: `test:${payment.id}` },
        }),
      )
    : payment;
}

const refund = (scope: Scope, body: Record<string, unknown>) =>
  db().$transaction((tx) =>
    createRefund({ tx, scope, actor: "user:test" }, CreateRefundBodySchema.parse(body)),
  );

describe("refunds", () => {
  it("refund the whole payment by default; in test mode at once, counted on the payment", async () => {
    const scope = await createTestAccount();
    const payment = await paidPayment(scope);
    expect(await refund(scope, { paymentId: payment.id })).toMatchObject({
      status: "succeeded",
      amountUnit: "iso4217/USD",
    });
    expect(
      (await db().payment.findUniqueOrThrow({ where: { id: payment.id } })).refundedValue.toFixed(),
    ).toBe("1050");
    await expect(refund(scope, { paymentId: payment.id })).rejects.toMatchObject({
      code: "already_refunded",
    });
  });

  it("refund in parts, never more than what is left", async () => {
    const scope = await createTestAccount();
    const payment = await paidPayment(scope);
    await refund(scope, { paymentId: payment.id, amount: { unit: "iso4217/USD", value: "1000" } });
    await expect(
      refund(scope, { paymentId: payment.id, amount: { unit: "iso4217/USD", value: "51" } }),
    ).rejects.toMatchObject({ code: "params_validation", details: { refundable: { value: "50" } } });
    await refund(scope, { paymentId: payment.id, amount: { unit: "iso4217/USD", value: "50" } });
    expect(
      (await db().payment.findUniqueOrThrow({ where: { id: payment.id } })).refundedValue.toFixed(),
    ).toBe("1050");
  });

  it("count a pending live refund against what is left", async () => {
    const scope = await createTestAccount("live");
    const payment = await paidPayment(scope);
    expect(
      await refund(scope, { paymentId: payment.id, amount: { unit: "iso4217/USD", value: "1000" } }),
    ).toMatchObject({ status: "pending" });
    const rest = await refund(scope, { paymentId: payment.id });
    expect([rest.status, rest.amountValue.toFixed()]).toEqual(["pending", "50"]);
    await expect(refund(scope, { paymentId: payment.id })).rejects.toMatchObject({
      code: "already_refunded",
    });
    // Reserved, not yet refunded: the payment counts only refunds whose return transfer was verified.
    expect(
      (await db().payment.findUniqueOrThrow({ where: { id: payment.id } })).refundedValue.toFixed(),
    ).toBe("0");
  });

  it("refuse a payment that has not succeeded, one in another unit, and one of another account or mode", async () => {
    const scope = await createTestAccount();
    const unpaid = await paidPayment(scope, false);
    await expect(refund(scope, { paymentId: unpaid.id })).rejects.toMatchObject({
      code: "payment_not_succeeded",
    });
    const paid = await paidPayment(scope);
    await expect(
      refund(scope, { paymentId: paid.id, amount: { unit: "iso4217/EUR", value: "1" } }),
    ).rejects.toMatchObject({ code: "params_validation" });
    await expect(refund({ ...scope, mode: "live" }, { paymentId: paid.id })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(refund(await createTestAccount(), { paymentId: paid.id })).rejects.toMatchObject({
      code: "not_found",
    });
    expect(await db().refund.count({ where: { paymentId: { in: [unpaid.id, paid.id] } } })).toBe(0);
  });
});
