import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import type { Scope } from "@/lib/core/tenancy/scope";
import { createTestAccount, withTestDatabase } from "@/lib/core/testing/test-database";
import { claimDueDeliveries, leaseMs, recordAttempt, type AttemptResult } from "./deliver";
import { retryWindowMs } from "./retry-policy";

withTestDatabase();

async function endpoint(scope: Scope, failingSince: Date | null = null) {
  return db().webhookEndpoint.create({
    data: {
      id: newId("we"),
      ...scope,
      url: "https://shop.example.com/hook",
      events: ["*"],
      secretEncrypted: "x",
      failingSince,
    },
  });
}

async function delivery(scope: Scope, endpointId: string, dueAt: Date, createdAt = dueAt) {
  const event = await db().event.create({
    data: { id: newId("evt"), ...scope, type: "payment.created", data: {}, createdAt },
  });
  return db().webhookDelivery.create({
    data: { id: newId("whd"), ...scope, endpointId, eventId: event.id, nextAttemptAt: dueAt, createdAt },
  });
}

const ago = (ms: number) => new Date(Date.now() - ms);
const failed: AttemptResult = {
  ok: false,
  responseStatus: 500,
  durationMs: 5,
  responseExcerpt: "no",
  error: "HTTP 500",
};
const answered: AttemptResult = {
  ok: true,
  responseStatus: 200,
  durationMs: 5,
  responseExcerpt: "ok",
  error: null,
};

// Deliveries are claimed from the whole database: each test starts with none due.
beforeEach(async () => {
  await db().webhookDelivery.updateMany({ where: { status: "pending" }, data: { status: "succeeded" } });
});

describe("claiming due deliveries", () => {
  it("takes one delivery per endpoint, oldest first, with accounts taking turns, and passes over busy endpoints", async () => {
    const [a, b] = [await createTestAccount(), await createTestAccount()];
    const [a1, a2, b1] = [await endpoint(a), await endpoint(a), await endpoint(b)];
    const first = await delivery(a, a1.id, ago(5_000));
    await delivery(a, a1.id, ago(4_000));
    const second = await delivery(a, a2.id, ago(3_000));
    const other = await delivery(b, b1.id, ago(1_000));
    const notYet = await delivery(a, a2.id, new Date(Date.now() + 60_000));

    // Account b's only delivery comes before account a's second, though it became due later.
    expect((await claimDueDeliveries(2)).map((d) => d.id)).toEqual([first.id, other.id]);
    expect((await claimDueDeliveries(10, [a1.id])).map((d) => d.id)).toEqual([second.id]);
    expect(await claimDueDeliveries(10, [a1.id])).toEqual([]);
    expect(await db().webhookDelivery.findUniqueOrThrow({ where: { id: notYet.id } })).toMatchObject({
      attempts: 0,
      leaseId: null,
    });
  });

  it("holds a claimed delivery under a lease: counted as an attempt, and not claimed again until the lease ends", async () => {
    const scope = await createTestAccount();
    const target = await endpoint(scope);
    const due = await delivery(scope, target.id, ago(1_000));
    const [claimed] = await claimDueDeliveries(10);
    expect(claimed).toMatchObject({ id: due.id, attempts: 1 });
    expect(claimed!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(Date.now() + leaseMs - 5_000);
    expect(await claimDueDeliveries(10)).toEqual([]);
    // A worker that died mid-attempt: once the lease has run out, another takes the delivery over.
    await db().webhookDelivery.update({ where: { id: due.id }, data: { nextAttemptAt: ago(1) } });
    expect(await claimDueDeliveries(10)).toMatchObject([{ id: due.id, attempts: 2 }]);
  });

  it("skips disabled endpoints", async () => {
    const scope = await createTestAccount();
    const target = await endpoint(scope);
    await delivery(scope, target.id, ago(1_000));
    await db().webhookEndpoint.update({ where: { id: target.id }, data: { enabled: false } });
    expect(await claimDueDeliveries(10)).toEqual([]);
  });
});

describe("recording an attempt", () => {
  it("marks a delivery succeeded, or due again later after a failure", async () => {
    const scope = await createTestAccount();
    const target = await endpoint(scope);
    await delivery(scope, target.id, ago(1_000));
    const [first] = await claimDueDeliveries(10);
    await recordAttempt(first!, failed);
    const retried = await db().webhookDelivery.findUniqueOrThrow({ where: { id: first!.id } });
    expect(retried).toMatchObject({
      status: "pending",
      leaseId: null,
      responseStatus: 500,
      error: "HTTP 500",
    });
    expect(retried.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(
      (await db().webhookEndpoint.findUniqueOrThrow({ where: { id: target.id } })).failingSince,
    ).not.toBeNull();

    await db().webhookDelivery.update({ where: { id: first!.id }, data: { nextAttemptAt: ago(1) } });
    const [second] = await claimDueDeliveries(10);
    await recordAttempt(second!, answered);
    expect(await db().webhookDelivery.findUniqueOrThrow({ where: { id: first!.id } })).toMatchObject({
      status: "succeeded",
      attempts: 2,
      responseStatus: 200,
      error: null,
    });
    expect(
      (await db().webhookEndpoint.findUniqueOrThrow({ where: { id: target.id } })).failingSince,
    ).toBeNull();
  });

  it("gives a delivery up after 3 days, and disables an endpoint that failed all that time, with an audit entry", async () => {
    const scope = await createTestAccount();
    const target = await endpoint(scope, ago(retryWindowMs + 1_000));
    await delivery(scope, target.id, ago(1_000), ago(retryWindowMs + 1_000));
    const [claimed] = await claimDueDeliveries(10);
    expect(await recordAttempt(claimed!, failed)).toEqual({ endpointDisabled: true });
    expect(await db().webhookDelivery.findUniqueOrThrow({ where: { id: claimed!.id } })).toMatchObject({
      status: "failed",
    });
    expect(await db().webhookEndpoint.findUniqueOrThrow({ where: { id: target.id } })).toMatchObject({
      enabled: false,
    });
    expect(
      await db().auditLog.count({
        where: { accountId: scope.accountId, action: "webhook_endpoint.disabled", targetId: target.id },
      }),
    ).toBe(1);
  });

  it("records nothing for a worker whose lease another has taken over", async () => {
    const scope = await createTestAccount();
    const target = await endpoint(scope);
    await delivery(scope, target.id, ago(1_000));
    const [late] = await claimDueDeliveries(10);
    await db().webhookDelivery.update({ where: { id: late!.id }, data: { nextAttemptAt: ago(1) } });
    const [current] = await claimDueDeliveries(10);
    await recordAttempt(late!, answered);
    expect(await db().webhookDelivery.findUniqueOrThrow({ where: { id: late!.id } })).toMatchObject({
      status: "pending",
      leaseId: current!.leaseId,
    });
  });
});
