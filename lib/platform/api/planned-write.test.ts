import { describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/domain/api-keys/create-api-key";
import { apiPermissions } from "@/lib/domain/permissions/api-key-permissions";
import { db } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import type { Scope } from "@/lib/core/tenancy/scope";
import { createTestAccount, withTestDatabase } from "@/lib/core/testing/test-database";
import type { ApiRequest } from "./api-request";
import { executeOperation } from "./execute";
import { createPaymentOp } from "./operations/payments";

withTestDatabase();

// A create runs as one read and one statement (Operation.plan); these are the guarantees it keeps.

async function caller() {
  const scope = await createTestAccount();
  const { key } = await createApiKey(db(), {
    ...scope,
    name: "k",
    actor: "system",
    permissions: apiPermissions,
    grantorRole: "owner",
  });
  const merchant = await db().merchant.create({
    data: { id: newId("mrch"), ...scope, name: "Shop", email: "shop@example.com" },
  });
  const create = async (body: unknown, headers: Record<string, string>) => {
    const all: Record<string, string> = {
      "api-key": key,
      "merchant-id": merchant.id,
      "content-type": "application/json",
      ...headers,
    };
    const request: ApiRequest = {
      method: "POST",
      pathname: "/v1/payments",
      search: "",
      header: (name) => all[name] ?? null,
      body: (async function* () {
        yield Buffer.from(JSON.stringify(body));
      })(),
      signal: new AbortController().signal,
    };
    const answer = await executeOperation(createPaymentOp, request, {});
    return {
      status: answer.status,
      replayed: answer.headers["Idempotent-Replayed"] === "true",
      body: JSON.parse(answer.body),
    };
  };
  return { scope, merchant, create };
}

const order = (referenceId: string, value = "1050") => ({
  referenceId,
  amount: { unit: "iso4217/USD", value },
});
const records = (scope: Scope) => db().idempotencyRecord.findMany({ where: scope });

describe("a create with an Idempotency-Key", () => {
  it("writes the payment, its events and the key's completed record together, and answers the key again with the same answer, replayed", async () => {
    const { scope, create } = await caller();
    const first = await create(order("A-1"), { "idempotency-key": "k1" });
    const again = await create(order("A-1"), { "idempotency-key": "k1" });
    expect(first).toMatchObject({
      status: 201,
      replayed: false,
      body: { referenceId: "A-1", status: "requires_action", warnings: [{ code: "no_payment_option" }] },
    });
    expect(again).toEqual({ ...first, replayed: true });
    expect(await db().payment.count({ where: { ...scope, referenceId: "A-1" } })).toBe(1);
    expect(await db().event.count({ where: { paymentId: first.body.id, type: "payment.created" } })).toBe(1);
    expect(await db().paymentEvent.count({ where: { paymentId: first.body.id } })).toBe(1);
    expect(await records(scope)).toMatchObject([{ key: "k1", state: "completed", responseStatus: 201 }]);
  });

  it("refuses the key with another body as idempotency_conflict, writing nothing", async () => {
    const { scope, create } = await caller();
    await create(order("B-1"), { "idempotency-key": "k1" });
    const other = await create(order("B-1", "2000"), { "idempotency-key": "k1" });
    expect(other).toMatchObject({ status: 409, body: { code: "idempotency_conflict" } });
    expect(await db().payment.count({ where: scope })).toBe(1);
  });

  it("stores a refusal under the key: an unknown merchant is 404, and 404 again, replayed, even once the merchant exists", async () => {
    const { scope, merchant, create } = await caller();
    const missing = newId("mrch");
    const first = await create(order("C-1"), { "idempotency-key": "k1", "merchant-id": missing });
    expect(first).toMatchObject({ status: 404, replayed: false, body: { code: "merchant_not_found" } });
    await db().merchant.create({ data: { ...merchant, id: missing } });
    expect(await create(order("C-1"), { "idempotency-key": "k1", "merchant-id": missing })).toEqual({
      ...first,
      replayed: true,
    });
    expect(await db().payment.count({ where: scope })).toBe(0);
    expect(await records(scope)).toMatchObject([{ state: "completed", responseStatus: 404 }]);
  });

  it("runs the ordinary way when the key's record has expired, and creates anew", async () => {
    const { scope, create } = await caller();
    const first = await create(order("D-1"), { "idempotency-key": "k1" });
    await db().idempotencyRecord.updateMany({ where: scope, data: { expiresAt: new Date(Date.now() - 1) } });
    const second = await create(order("D-1"), { "idempotency-key": "k1" });
    expect(second).toMatchObject({ status: 201, replayed: false });
    expect(second.body.id).not.toBe(first.body.id);
    expect(await records(scope)).toMatchObject([{ state: "completed", responseStatus: 201 }]);
  });

  it("queues the payment.created delivery of each subscribed endpoint in the same statement", async () => {
    const { scope, create } = await caller();
    const endpoint = await db().webhookEndpoint.create({
      data: {
        id: newId("we"),
        ...scope,
        url: "https://shop.example.com/hook",
        events: ["payment.created"],
        secretEncrypted: "x",
      },
    });
    const created = await create(order("E-1"), { "idempotency-key": "k1" });
    const deliveries = await db().webhookDelivery.findMany({
      where: { event: { paymentId: created.body.id } },
    });
    expect(deliveries).toMatchObject([{ endpointId: endpoint.id, status: "pending" }]);
    expect(deliveries[0]!.id).toMatch(/^whd_[0-9A-Za-z]{24}$/);
  });
});

describe("a create without an Idempotency-Key", () => {
  it("creates a payment each time", async () => {
    const { scope, create } = await caller();
    const [a, b] = [await create(order("F-1"), {}), await create(order("F-1"), {})];
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).not.toBe(b.body.id);
    expect(await db().payment.count({ where: scope })).toBe(2);
    expect(await records(scope)).toEqual([]);
  });
});
