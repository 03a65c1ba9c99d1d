import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import type { Scope } from "@/lib/core/tenancy/scope";
import { createTestAccount, withTestDatabase } from "@/lib/core/testing/test-database";
import { flushRequestLog, logRequest, type RequestLogEntry } from "./buffer";
import { getRequest } from "./get-request";
import { listRequests } from "./list-requests";

withTestDatabase();

function entry(scope: Scope, status: number, apiKeyId: string, secondsAgo: number): RequestLogEntry {
  return {
    id: newId("req"),
    ...scope,
    apiKeyId,
    appId: null,
    method: "POST",
    path: "/v1/merchants",
    status,
    durationMs: 4,
    requestBody: { merchantName: "Shop" },
    errorBody: status >= 400 ? { code: "params_validation", message: "Bad." } : null,
    createdAt: new Date(Date.now() - secondsAgo * 1000),
  };
}

describe("the request log", () => {
  it("writes queued requests in one flush, lists them newest first by status class and key, and pages by cursor", async () => {
    const scope = await createTestAccount();
    const [keyA, keyB] = [newId("key"), newId("key")];
    const entries = [
      entry(scope, 201, keyA, 5),
      entry(scope, 400, keyA, 4),
      entry(scope, 500, keyB, 3),
      entry(scope, 200, keyB, 2),
      entry(scope, 404, keyB, 1),
    ];
    for (const e of entries) logRequest(e);
    await flushRequestLog();

    const ids = (page: { data: { id: string }[] }) => page.data.map((r) => r.id);
    const newestFirst = [...entries].reverse().map((e) => e.id);
    expect(ids(await listRequests(db(), scope, { limit: 50 }))).toEqual(newestFirst);
    expect(ids(await listRequests(db(), scope, { limit: 50, status: "2xx" }))).toEqual([
      entries[3]!.id,
      entries[0]!.id,
    ]);
    expect(ids(await listRequests(db(), scope, { limit: 50, status: "4xx" }))).toEqual([
      entries[4]!.id,
      entries[1]!.id,
    ]);
    expect(ids(await listRequests(db(), scope, { limit: 50, status: "5xx" }))).toEqual([entries[2]!.id]);
    expect(ids(await listRequests(db(), scope, { limit: 50, apiKeyId: keyA }))).toEqual([
      entries[1]!.id,
      entries[0]!.id,
    ]);

    const first = await listRequests(db(), scope, { limit: 2 });
    const second = await listRequests(db(), scope, { limit: 2, cursor: first.nextCursor! });
    const third = await listRequests(db(), scope, { limit: 2, cursor: second.nextCursor! });
    expect([...ids(first), ...ids(second), ...ids(third)]).toEqual(newestFirst);
    expect(third.nextCursor).toBeNull();
    expect(await getRequest(db(), scope, entries[1]!.id)).toMatchObject({
      status: 400,
      errorBody: { code: "params_validation" },
      requestBody: { merchantName: "Shop" },
    });
  });

  it("shows an account's requests to that account and mode only", async () => {
    const scope = await createTestAccount();
    const other = await createTestAccount();
    const mine = entry(scope, 200, newId("key"), 1);
    logRequest(mine);
    await flushRequestLog();
    expect((await listRequests(db(), other, { limit: 50 })).data).toEqual([]);
    expect((await listRequests(db(), { ...scope, mode: "live" }, { limit: 50 })).data).toEqual([]);
    await expect(getRequest(db(), other, mine.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(getRequest(db(), { ...scope, mode: "live" }, mine.id)).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("loses the entries of a failed write without throwing, and goes on writing later ones", async () => {
    const scope = await createTestAccount();
    const broken = { ...entry(scope, 200, newId("key"), 1), status: Number.NaN };
    logRequest(broken);
    await expect(flushRequestLog()).resolves.toBeUndefined();
    const later = entry(scope, 200, newId("key"), 0);
    logRequest(later);
    await flushRequestLog();
    expect((await listRequests(db(), scope, { limit: 50 })).data.map((r) => r.id)).toEqual([later.id]);
  });
});
