import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import { transitionPayment } from "@/lib/domain/payments/transition";
import type { Scope } from "@/lib/core/tenancy/scope";
import { createTestAccount, withTestDatabase } from "@/lib/core/testing/test-database";
import { createTestPayment } from "@/lib/domain/testing/test-payment";
import { bridgeOutcomeEvent, recordBridgeOutcome } from "./record-outcome";
import type { ReportOutcomeInput } from "@/lib/domain/schemas/checkout";

withTestDatabase();

const newPayment = (scope: Scope) => createTestPayment(scope);

async function succeededPayment(scope: Scope) {
  const created = await newPayment(scope);
  return db().$transaction((tx) =>
    transitionPayment(tx, created, "succeeded", { actor: "system", patch: { txId: `test:${created.id}` } }),
  );
}

const entries = (paymentId: string) =>
  db().paymentEvent.findMany({ where: { paymentId, type: bridgeOutcomeEvent } });

describe("recording the outcome a checkout posted to an app", () => {
  it("records it once, however often and however concurrently the page reports it, and sends no webhook event", async () => {
    const scope = await createTestAccount();
    const paid = await succeededPayment(scope);
    const report: ReportOutcomeInput = { outcome: "succeeded", bridges: ["NativeWebView"] };

    const answers = await Promise.all([
      recordBridgeOutcome(paid.id, report),
      recordBridgeOutcome(paid.id, report),
      recordBridgeOutcome(paid.id, report),
    ]);
    answers.push(await recordBridgeOutcome(paid.id, report));

    const recorded = await entries(paid.id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      actor: "buyer",
      version: paid.version + 1,
      data: report,
      fromStatus: null,
      toStatus: null,
    });
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual({ ...report, recordedAt: recorded[0]!.createdAt.toISOString() });
    expect(await db().payment.findUniqueOrThrow({ where: { id: paid.id } })).toMatchObject({
      status: "succeeded",
      version: paid.version + 1,
    });
    expect((await db().event.findMany({ where: { paymentId: paid.id } })).map((e) => e.type).sort()).toEqual([
      "payment.created",
      "payment.succeeded",
    ]);
  });

  it("keeps the first report when a later one names other bridges", async () => {
    const scope = await createTestAccount();
    const paid = await succeededPayment(scope);
    await recordBridgeOutcome(paid.id, { outcome: "succeeded", bridges: ["ReactNativeWebView"] });
    const later = await recordBridgeOutcome(paid.id, {
      outcome: "succeeded",
      bridges: ["NativeWebView", "ReactNativeWebView"],
    });
    expect(later).toMatchObject({ outcome: "succeeded", bridges: ["ReactNativeWebView"] });
    expect(await entries(paid.id)).toHaveLength(1);
  });

  it("refuses an outcome the payment did not reach, and records nothing", async () => {
    const scope = await createTestAccount();
    const open = await newPayment(scope);
    await expect(
      recordBridgeOutcome(open.id, { outcome: "succeeded", bridges: ["NativeWebView"] }),
    ).rejects.toMatchObject({
      code: "outcome_mismatch",
      status: 409,
      details: { status: "requires_action", outcome: "succeeded" },
    });

    // Past its expiry the payment is expired (applied on reading), so "succeeded" is refused and "expired" is what it records.
    const overdue = await db().payment.update({
      where: { id: (await newPayment(scope)).id },
      data: { expiresAt: new Date(Date.now() - 1_000) },
    });
    await expect(
      recordBridgeOutcome(overdue.id, { outcome: "succeeded", bridges: ["NativeWebView"] }),
    ).rejects.toMatchObject({
      code: "outcome_mismatch",
      details: { status: "expired", outcome: "succeeded" },
    });
    await expect(
      recordBridgeOutcome(overdue.id, { outcome: "failed", bridges: ["NativeWebView"] }),
    ).rejects.toMatchObject({ code: "outcome_mismatch" });
    expect(await entries(open.id)).toHaveLength(0);
    expect(await entries(overdue.id)).toHaveLength(0);
    await expect(
      recordBridgeOutcome(overdue.id, { outcome: "expired", bridges: ["NativeWebView"] }),
    ).resolves.toMatchObject({ outcome: "expired" });
    expect(await entries(overdue.id)).toHaveLength(1);
  });

  it("answers 404 for a payment that does not exist", async () => {
    await expect(
      recordBridgeOutcome(newId("pay"), { outcome: "succeeded", bridges: ["NativeWebView"] }),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});
