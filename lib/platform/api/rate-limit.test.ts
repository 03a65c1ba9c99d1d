import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createApiKey } from "@/lib/domain/api-keys/create-api-key";
import { apiPermissions } from "@/lib/domain/permissions/api-key-permissions";
import { db } from "@/lib/core/db";
import { createTestAccount, withTestDatabase } from "@/lib/core/testing/test-database";
import type { ApiAnswer } from "./answer";
import { executeOperation } from "./execute";
import type { AnyOperation } from "./operation";

// A small budget, read once when the limiter loads: 40 requests at once, then one every 2 seconds.
// The process takes tokens from the shared bucket two at a time (40 / 20), which must not add any.
vi.hoisted(() => {
  process.env.RATE_LIMIT_BURST = "40";
  process.env.RATE_LIMIT_PER_SECOND = "0.5";
});

withTestDatabase();

const read: AnyOperation = {
  id: "read",
  summary: "Reads",
  tag: "Test",
  method: "GET",
  path: "/v1/read",
  status: 200,
  response: z.object({}),
  handler: async () => ({}),
};

describe("the per-key rate limit", () => {
  it("answers a key over its budget 429 rate_limited with Retry-After, then lets it through once the bucket refills", async () => {
    const scope = await createTestAccount();
    const { key, id } = await createApiKey(db(), {
      ...scope,
      name: "k",
      actor: "system",
      permissions: apiPermissions,
      grantorRole: "owner",
    });
    const request = () => ({
      method: "GET",
      pathname: "/v1/read",
      search: "",
      header: (name: string) => (name === "api-key" ? key : null),
      body: (async function* () {})(),
      signal: new AbortController().signal,
    });
    const call = () => executeOperation(read, request(), {});
    const statuses: number[] = [];
    let limited: ApiAnswer | undefined;
    const started = Date.now();
    while (!limited && statuses.length < 60) {
      const res = await call();
      statuses.push(res.status);
      if (res.status === 429) limited = res;
    }
    const refilled = Math.floor(((Date.now() - started) / 1000) * 0.5);
    expect(statuses.slice(0, 40)).toEqual(Array(40).fill(200));
    expect(limited, "no 429 within 60 requests").toBeDefined();
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(40 + refilled);
    expect(["1", "2"]).toContain(limited!.headers["Retry-After"]);
    expect(JSON.parse(limited!.body)).toMatchObject({ code: "rate_limited" });

    // 2.1 seconds of refill, without waiting them: the bucket is dated back.
    await db()
      .$executeRaw`UPDATE "RateLimitBucket" SET "updatedAt" = "updatedAt" - interval '2100 milliseconds' WHERE "key" = ${`key:${id}`}`;
    expect((await call()).status).toBe(200);
  });
});
