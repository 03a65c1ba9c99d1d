import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { newId } from "@/lib/core/ids/ids";
import type { Scope } from "@/lib/core/tenancy/scope";
import { createTestAccount, withTestDatabase } from "@/lib/core/testing/test-database";
import { requestFingerprint, runIdempotent, type ApiResult } from "./idempotency";

withTestDatabase();

const fingerprint = (body: unknown) => requestFingerprint({ method: "POST", path: "/v1/merchants", body });

/** Work that creates a merchant in the request's transaction, counting its runs. */
function createMerchant(scope: Scope, runs: { count: number }) {
  return async (tx: Parameters<Parameters<typeof runIdempotent>[3]>[0]): Promise<ApiResult> => {
    runs.count++;
    const merchant = await tx.merchant.create({
      data: { id: newId("mrch"), ...scope, name: "Shop", email: "shop@example.com" },
    });
    return { status: 201, body: { id: merchant.id } };
  };
}

describe("runIdempotent", () => {
  it("runs the work once and replays its response for the same key and request", async () => {
    const scope = await createTestAccount();
    const runs = { count: 0 };
    const first = await runIdempotent(scope, "k1", fingerprint({ a: 1 }), createMerchant(scope, runs));
    const again = await runIdempotent(scope, "k1", fingerprint({ a: 1 }), createMerchant(scope, runs));
    expect(first).toMatchObject({ status: 201, replayed: false });
    expect(again).toEqual({ ...first, replayed: true });
    expect(runs.count).toBe(1);
    expect(await db().merchant.count({ where: scope })).toBe(1);
  });

  it("refuses the same key with another request as idempotency_conflict", async () => {
    const scope = await createTestAccount();
    const runs = { count: 0 };
    await runIdempotent(scope, "k1", fingerprint({ a: 1 }), createMerchant(scope, runs));
    await expect(
      runIdempotent(scope, "k1", fingerprint({ a: 2 }), createMerchant(scope, runs)),
    ).rejects.toMatchObject({ code: "idempotency_conflict" });
    expect(runs.count).toBe(1);
  });

  it("scopes a key by account and mode", async () => {
    const test = await createTestAccount();
    const live: Scope = { ...test, mode: "live" };
    const other = await createTestAccount();
    const runs = { count: 0 };
    for (const scope of [test, live, other])
      expect(
        await runIdempotent(scope, "shared", fingerprint({}), createMerchant(scope, runs)),
      ).toMatchObject({ replayed: false });
    expect(runs.count).toBe(3);
  });

  it("answers idempotency_in_progress to the same key while the first request runs", async () => {
    const scope = await createTestAccount();
    // The first request's claim, as another instance holds it while its work runs. (PGlite is one
    // connection, so two requests of this process cannot overlap inside their transactions.)
    await db().idempotencyRecord.create({
      data: {
        id: newId("idem"),
        ...scope,
        key: "k1",
        requestHash: fingerprint({}),
        state: "in_progress",
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    const runs = { count: 0 };
    await expect(
      runIdempotent(scope, "k1", fingerprint({}), createMerchant(scope, runs)),
    ).rejects.toMatchObject({ code: "idempotency_in_progress" });
    expect(runs.count).toBe(0);
  });

  it("stores a refusal and answers it again, but lets the request run again after an unexpected failure rolled it back", async () => {
    const scope = await createTestAccount();
    const refusal = new AppError("conflict", "No.");
    await expect(
      runIdempotent(scope, "refused", fingerprint({}), async () => Promise.reject(refusal)),
    ).rejects.toBe(refusal);
    await expect(
      runIdempotent(scope, "refused", fingerprint({}), async () => ({ status: 201, body: {} })),
    ).resolves.toMatchObject({ status: 409, replayed: true, body: { code: "conflict" } });

    const runs = { count: 0 };
    const failing = async (tx: Parameters<ReturnType<typeof createMerchant>>[0]) => {
      await createMerchant(scope, runs)(tx);
      throw new Error("boom");
    };
    await expect(runIdempotent(scope, "failed", fingerprint({}), failing)).rejects.toThrow("boom");
    expect(await db().merchant.count({ where: scope })).toBe(0);
    await expect(
      runIdempotent(scope, "failed", fingerprint({}), createMerchant(scope, runs)),
    ).resolves.toMatchObject({ status: 201, replayed: false });
    expect(runs.count).toBe(2);
  });

  it("runs the request anew once its record has expired (24 h) or its claim was abandoned (60 s)", async () => {
    const scope = await createTestAccount();
    const runs = { count: 0 };
    await runIdempotent(scope, "expired", fingerprint({}), createMerchant(scope, runs));
    await db().idempotencyRecord.updateMany({
      where: { ...scope, key: "expired" },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    await expect(
      runIdempotent(scope, "expired", fingerprint({}), createMerchant(scope, runs)),
    ).resolves.toMatchObject({ replayed: false });

    const hourAgo = new Date(Date.now() - 3_600_000);
    await db().idempotencyRecord.create({
      data: {
        id: newId("idem"),
        ...scope,
        key: "abandoned",
        requestHash: fingerprint({}),
        state: "in_progress",
        createdAt: hourAgo,
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    await expect(
      runIdempotent(scope, "abandoned", fingerprint({}), createMerchant(scope, runs)),
    ).resolves.toMatchObject({ replayed: false });
    expect(runs.count).toBe(3);
  });
});
