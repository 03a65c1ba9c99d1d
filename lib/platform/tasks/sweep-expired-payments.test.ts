import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import { createPayment } from "@/lib/domain/payments/create-payment";
import { CreatePaymentBodySchema } from "@/lib/domain/schemas/payment";
import type { Scope } from "@/lib/core/tenancy/scope";
import { createTestAccount, withTestDatabase } from "@/lib/core/testing/test-database";
import { sweepExpiredPayments } from "./sweep-expired-payments";

withTestDatabase();

async function payment(
  scope: Scope,
  expiresInMs: number,
  status: "requires_action" | "succeeded" = "requires_action",
) {
  const merchant = await db().merchant.create({
    data: { id: newId("mrch"), ...scope, name: "Shop", email: "shop@example.com" },
  });
  const endpoint = await db().webhookEndpoint.create({
    data: {
      id: newId("we"),
      ...scope,
      url: "https://shop.example.com/hook",
      events: ["payment.expired"],
      secretEncrypted: "x",
    },
  });
  const { payment: created } = await createPayment(
    { tx: db(), scope, actor: "system" },
    merchant.id,
    CreatePaymentBodySchema.parse({ referenceId: "r", amount: { unit: "iso4217/USD", value: "100" } }),
  );
  // Created with the shortest lifetime allowed, then moved to the expiry the test needs.
  await db().payment.update({
    where: { id: created.id },
    data: { expiresAt: new Date(Date.now() + expiresInMs), status },
  });
  return { id: created.id, endpointId: endpoint.id };
}

async function sweepAll() {
  while ((await sweepExpiredPayments(50)) > 0);
}

describe("the expiry sweep", () => {
  it("expires unpaid payments past expiresAt, with a version-2 event and a webhook, and leaves the rest", async () => {
    const scope = await createTestAccount();
    const overdue = await payment(scope, -1_000);
    const open = await payment(scope, 60_000);
    const paid = await payment(scope, -1_000, "succeeded");
    await sweepAll();

    expect(await db().payment.findUniqueOrThrow({ where: { id: overdue.id } })).toMatchObject({
      status: "expired",
      version: 2,
    });
    expect(await db().paymentEvent.findFirst({ where: { paymentId: overdue.id, version: 2 } })).toMatchObject(
      { type: "payment.expired", fromStatus: "requires_action", toStatus: "expired", actor: "system" },
    );
    expect(
      await db().webhookDelivery.count({
        where: {
          endpointId: overdue.endpointId,
          status: "pending",
          event: { type: "payment.expired", paymentId: overdue.id },
        },
      }),
    ).toBe(1);
    expect(await db().payment.findUniqueOrThrow({ where: { id: open.id } })).toMatchObject({
      status: "requires_action",
      version: 1,
    });
    expect(await db().payment.findUniqueOrThrow({ where: { id: paid.id } })).toMatchObject({
      status: "succeeded",
      version: 1,
    });
  });

  it("takes at most a batch per round and says how many it expired", async () => {
    const scope = await createTestAccount();
    await sweepAll();
    for (let i = 0; i < 3; i++) await payment(scope, -1_000);
    expect(await sweepExpiredPayments(2)).toBe(2);
    expect(await sweepExpiredPayments(2)).toBe(1);
    expect(await db().payment.count({ where: { ...scope, status: "expired" } })).toBe(3);
  });
});
