import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db";
import type { Scope } from "@/lib/core/tenancy/scope";
import { createTestAccount, withTestDatabase } from "@/lib/core/testing/test-database";
import { createTestPayment } from "@/lib/domain/testing/test-payment";
import { transitionPayment } from "./transition";

withTestDatabase();

const newPayment = (scope: Scope) => createTestPayment(scope);

const history = async (paymentId: string) =>
  (await db().paymentEvent.findMany({ where: { paymentId }, orderBy: { version: "asc" } })).map((e) => [
    e.version,
    e.fromStatus,
    e.toStatus,
  ]);

describe("payment transitions", () => {
  it("record each step as an event with the payment's next version, and its webhook event", async () => {
    const scope = await createTestAccount();
    const created = await newPayment(scope);
    const processing = await db().$transaction((tx) =>
      transitionPayment(tx, created, "processing", { actor: "system" }),
    );
    const succeeded = await db().$transaction((tx) =>
      transitionPayment(tx, processing, "succeeded", { actor: "system", patch: { txId: "test:1" } }),
    );
    expect(succeeded).toMatchObject({ status: "succeeded", version: 3, txId: "test:1" });
    expect(succeeded.finalizedAt).not.toBeNull();
    expect(await history(created.id)).toEqual([
      [1, null, "requires_action"],
      [2, "requires_action", "processing"],
      [3, "processing", "succeeded"],
    ]);
    expect(
      (await db().event.findMany({ where: { paymentId: created.id }, orderBy: { createdAt: "asc" } })).map(
        (e) => e.type,
      ),
    ).toEqual(["payment.created", "payment.processing", "payment.succeeded"]);
  });

  it("never change a final payment, and write nothing when refusing", async () => {
    const scope = await createTestAccount();
    const created = await newPayment(scope);
    const cancelled = await db().$transaction((tx) =>
      transitionPayment(tx, created, "cancelled", { actor: "system" }),
    );
    for (const to of ["processing", "succeeded", "failed", "expired"] as const) {
      await expect(
        db().$transaction((tx) => transitionPayment(tx, cancelled, to, { actor: "system" })),
      ).rejects.toMatchObject({ code: "invalid_state", details: { status: "cancelled", final: true } });
    }
    expect(await history(cancelled.id)).toHaveLength(2);
  });

  it("let exactly one of two changes made from the same reading win", async () => {
    const scope = await createTestAccount();
    const read = await newPayment(scope);
    await db().$transaction((tx) => transitionPayment(tx, read, "cancelled", { actor: "user:a" }));
    await expect(
      db().$transaction((tx) => transitionPayment(tx, read, "processing", { actor: "buyer" })),
    ).rejects.toMatchObject({ code: "invalid_state", details: { status: "cancelled", final: true } });
    expect(await db().payment.findUniqueOrThrow({ where: { id: read.id } })).toMatchObject({
      status: "cancelled",
      version: 2,
    });
  });

  it("answer a change that lost only the version race (the status still allows it) with a retryable 409 conflict", async () => {
    const scope = await createTestAccount();
    const read = await newPayment(scope);
    // Another request moves the payment on (a timeline step, or requires_action → processing) after this one read it.
    const moved = await db().$transaction((tx) =>
      transitionPayment(tx, read, "processing", { actor: "watcher" }),
    );
    await expect(
      db().$transaction((tx) => transitionPayment(tx, read, "succeeded", { actor: "system" })),
    ).rejects.toMatchObject({ code: "conflict", status: 409 });
    // Read again, the same change goes through.
    await expect(
      db().$transaction((tx) => transitionPayment(tx, moved, "succeeded", { actor: "system" })),
    ).resolves.toMatchObject({ status: "succeeded", version: 3 });
  });

  it("refuse paying an unpaid payment past its expiry, unless live verification allows it", async () => {
    const scope = await createTestAccount();
    const overdue = await db().payment.update({
      where: { id: (await newPayment(scope)).id },
      data: { expiresAt: new Date(Date.now() - 1_000) },
    });
    await expect(
      db().$transaction((tx) => transitionPayment(tx, overdue, "succeeded", { actor: "system" })),
    ).rejects.toMatchObject({ code: "invalid_state", details: { status: "expired" } });
    await expect(
      db().$transaction((tx) =>
        transitionPayment(tx, overdue, "succeeded", { actor: "system", allowOverdue: true }),
      ),
    ).resolves.toMatchObject({ status: "succeeded" });
  });
});
