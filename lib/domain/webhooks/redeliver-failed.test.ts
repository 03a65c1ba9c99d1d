import { describe, expect, it } from "vitest";
import { db, type DeliveryStatus } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import type { Scope } from "@/lib/core/tenancy/scope";
import { createTestAccount, withTestDatabase } from "@/lib/core/testing/test-database";
import { redeliverFailed } from "./redeliver-failed";

withTestDatabase();

const hourMs = 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);

async function endpoint(scope: Scope, enabled = true) {
  return db().webhookEndpoint.create({
    data: {
      id: newId("we"),
      ...scope,
      url: "https://shop.example.com/hook",
      events: ["*"],
      secretEncrypted: "x",
      enabled,
    },
  });
}

async function delivery(scope: Scope, endpointId: string, status: DeliveryStatus, createdAt: Date) {
  const event = await db().event.create({
    data: { id: newId("evt"), ...scope, type: "payment.created", data: {}, createdAt },
  });
  return db().webhookDelivery.create({
    data: {
      id: newId("whd"),
      ...scope,
      endpointId,
      eventId: event.id,
      status,
      attempts: 9,
      nextAttemptAt: createdAt,
      createdAt,
    },
  });
}

const range = (fromAgoMs: number, toAgoMs: number) => ({
  from: ago(fromAgoMs).toISOString(),
  to: ago(toAgoMs).toISOString(),
});
const statuses = async (ids: string[]) =>
  (await db().webhookDelivery.findMany({ where: { id: { in: ids } }, orderBy: { createdAt: "asc" } })).map(
    (d) => d.status,
  );
const run = (scope: Scope, endpointId: string, r: ReturnType<typeof range>) =>
  db().$transaction((tx) => redeliverFailed({ tx, scope, actor: "user:test" }, endpointId, r));

describe("redelivering failed deliveries by time range", () => {
  it("queues the failed deliveries created in the range, oldest first, and nothing else", async () => {
    const scope = await createTestAccount();
    const target = await endpoint(scope);
    const before = await delivery(scope, target.id, "failed", ago(10 * hourMs));
    const inside = [
      await delivery(scope, target.id, "failed", ago(5 * hourMs)),
      await delivery(scope, target.id, "failed", ago(4 * hourMs)),
    ];
    const succeeded = await delivery(scope, target.id, "succeeded", ago(3 * hourMs));
    const after = await delivery(scope, target.id, "failed", ago(1 * hourMs));
    // The same account's other endpoint, the other mode and another account are out of reach.
    const sibling = await delivery(scope, (await endpoint(scope)).id, "failed", ago(4 * hourMs));
    const live = { ...scope, mode: "live" as const };
    const otherMode = await delivery(live, (await endpoint(live)).id, "failed", ago(4 * hourMs));

    const result = await run(scope, target.id, range(6 * hourMs, 2 * hourMs));
    expect(result).toEqual({ redelivered: 2, deliveryIds: inside.map((d) => d.id), hasMore: false });
    expect(await statuses(inside.map((d) => d.id))).toEqual(["pending", "pending"]);
    const queued = await db().webhookDelivery.findUniqueOrThrow({ where: { id: inside[0]!.id } });
    expect(queued.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    for (const untouched of [before, succeeded, after, sibling, otherMode]) {
      expect((await db().webhookDelivery.findUniqueOrThrow({ where: { id: untouched.id } })).status).toBe(
        untouched.status,
      );
    }

    const audit = await db().auditLog.findMany({
      where: { accountId: scope.accountId, action: "webhook_deliveries.redelivered_failed" },
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      mode: "test",
      actor: "user:test",
      targetId: target.id,
      data: expect.objectContaining({ redelivered: 2 }),
    });
  });

  it("takes each delivery once when two requests race: the second finds them queued already", async () => {
    const scope = await createTestAccount();
    const target = await endpoint(scope);
    const failed = await Promise.all(
      [1, 2, 3].map((h) => delivery(scope, target.id, "failed", ago(h * hourMs))),
    );
    const r = range(4 * hourMs, 0);
    const [first, second] = await Promise.all([run(scope, target.id, r), run(scope, target.id, r)]);
    expect(first.redelivered + second.redelivered).toBe(3);
    expect([...first.deliveryIds, ...second.deliveryIds].sort()).toEqual(failed.map((d) => d.id).sort());
    expect((await run(scope, target.id, r)).redelivered).toBe(0);
  });

  it("refuses another account's endpoint and a disabled one", async () => {
    const scope = await createTestAccount();
    const other = await createTestAccount();
    const target = await endpoint(scope);
    await delivery(scope, target.id, "failed", ago(hourMs));
    await expect(run(other, target.id, range(2 * hourMs, 0))).rejects.toMatchObject({ code: "not_found" });
    await expect(run({ ...scope, mode: "live" }, target.id, range(2 * hourMs, 0))).rejects.toMatchObject({
      code: "not_found",
    });
    const disabled = await endpoint(scope, false);
    await expect(run(scope, disabled.id, range(2 * hourMs, 0))).rejects.toMatchObject({ code: "conflict" });
  });
});
