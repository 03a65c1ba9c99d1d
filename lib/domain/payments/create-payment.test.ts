import { describe, expect, it } from "vitest";
import { db, withAttempt } from "@/lib/core/db";
import { paymentSnapshot } from "@/lib/domain/payments/snapshot";
import { newId } from "@/lib/core/ids/ids";
import { CreatePaymentBodySchema } from "@/lib/domain/schemas/payment";
import type { Scope } from "@/lib/core/tenancy/scope";
import { createTestAccount, withTestDatabase } from "@/lib/core/testing/test-database";
import { createPayment } from "./create-payment";

withTestDatabase();

const body = CreatePaymentBodySchema.parse({
  referenceId: "Order-7",
  amount: { unit: "iso4217/USD", value: "1050" },
  checkout: { successUrl: "https://shop.example.com/ok", errorUrl: "https://shop.example.com/error" },
});

async function merchantOf(scope: Scope) {
  return db().merchant.create({
    data: { id: newId("mrch"), ...scope, name: "Shop", email: "shop@example.com" },
  });
}

describe("createPayment", () => {
  it("returns the row exactly as stored, with its first event and an outbox event of that row", async () => {
    const scope = await createTestAccount();
    const merchant = await merchantOf(scope);
    const { payment, settlementAssets } = await createPayment(
      { tx: db(), scope, actor: "system" },
      merchant.id,
      body,
    );
    const stored = await db().payment.findUniqueOrThrow({ where: { id: payment.id }, include: withAttempt });
    expect(payment).toEqual(stored);
    expect(settlementAssets).toEqual([]);
    const events = await db().paymentEvent.findMany({ where: { paymentId: payment.id } });
    expect(events).toMatchObject([
      {
        version: 1,
        type: "payment.created",
        toStatus: "requires_action",
        actor: "system",
        createdAt: stored.createdAt,
      },
    ]);
    const outbox = await db().event.findMany({ where: { paymentId: payment.id } });
    expect(outbox).toMatchObject([
      { type: "payment.created", accountId: scope.accountId, mode: scope.mode, createdAt: stored.createdAt },
    ]);
    expect(outbox[0]!.data).toEqual(JSON.parse(JSON.stringify(paymentSnapshot(stored))));
  });

  it("queues a delivery for each enabled endpoint subscribed to payment.created, and none for others", async () => {
    const scope = await createTestAccount();
    const merchant = await merchantOf(scope);
    const endpoint = (events: string[], enabled = true) =>
      db().webhookEndpoint.create({
        data: {
          id: newId("we"),
          ...scope,
          url: "https://shop.example.com/hook",
          events,
          enabled,
          secretEncrypted: "x",
        },
      });
    const [all, created] = [await endpoint(["*"]), await endpoint(["payment.created"])];
    await endpoint(["payment.succeeded"]);
    await endpoint(["*"], false);
    const { payment } = await createPayment({ tx: db(), scope, actor: "system" }, merchant.id, body);
    const deliveries = await db().webhookDelivery.findMany({ where: { event: { paymentId: payment.id } } });
    expect(deliveries.map((d) => d.endpointId).sort()).toEqual([all.id, created.id].sort());
  });

  it("returns the merchant's settlement assets", async () => {
    const scope = await createTestAccount();
    const merchant = await merchantOf(scope);
    const asset = "eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
    await db().cryptoSettlement.create({
      data: {
        id: newId("crypto"),
        ...scope,
        merchantId: merchant.id,
        asset,
        destination: "eip155:8453:0x52908400098527886E0F7030069857D2E4169EE7",
      },
    });
    expect(
      (await createPayment({ tx: db(), scope, actor: "system" }, merchant.id, body)).settlementAssets,
    ).toEqual([asset]);
  });

  it("refuses a merchant of another mode, or a deleted one, and writes nothing", async () => {
    const scope = await createTestAccount();
    const other = await merchantOf({ ...scope, mode: scope.mode === "test" ? "live" : "test" });
    const deleted = await db().merchant.update({
      where: { id: (await merchantOf(scope)).id },
      data: { deletedAt: new Date() },
    });
    for (const id of [other.id, deleted.id, "mrch_nonexistent"]) {
      await expect(createPayment({ tx: db(), scope, actor: "system" }, id, body)).rejects.toMatchObject({
        code: "merchant_not_found",
      });
    }
    expect(await db().payment.count({ where: { accountId: scope.accountId } })).toBe(0);
    expect(await db().event.count({ where: { accountId: scope.accountId } })).toBe(0);
  });
});
