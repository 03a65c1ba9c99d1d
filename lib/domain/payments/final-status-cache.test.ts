import { describe, expect, it } from "vitest";
import { cachedFinalStatus, rememberIfFinal } from "./final-status-cache";

const scope = { accountId: "acct_a", mode: "test" as const };
const succeeded = { status: "succeeded" as const, isFinal: true, pollInMs: null, info: null };
const processing = { status: "processing" as const, isFinal: false, pollInMs: 1000, info: null };

describe("final status cache", () => {
  it("remembers final statuses only", () => {
    expect(rememberIfFinal(scope, "mrch_1", "pay_open", processing)).toBe(processing);
    expect(cachedFinalStatus(scope, "mrch_1", "pay_open")).toBeUndefined();
    rememberIfFinal(scope, "mrch_1", "pay_done", succeeded);
    expect(cachedFinalStatus(scope, "mrch_1", "pay_done")).toEqual(succeeded);
  });

  it("answers only the exact scope it was read in: account, mode and merchant", () => {
    rememberIfFinal(scope, "mrch_1", "pay_scoped", succeeded);
    expect(cachedFinalStatus({ ...scope, accountId: "acct_b" }, "mrch_1", "pay_scoped")).toBeUndefined();
    expect(cachedFinalStatus({ ...scope, mode: "live" }, "mrch_1", "pay_scoped")).toBeUndefined();
    expect(cachedFinalStatus(scope, "mrch_2", "pay_scoped")).toBeUndefined();
  });

  it("forgets the oldest entries beyond its capacity", () => {
    rememberIfFinal(scope, "mrch_1", "pay_first", succeeded);
    for (let i = 0; i < 50_000; i++) rememberIfFinal(scope, "mrch_fill", `pay_${i}`, succeeded);
    expect(cachedFinalStatus(scope, "mrch_1", "pay_first")).toBeUndefined();
    expect(cachedFinalStatus(scope, "mrch_fill", "pay_49999")).toEqual(succeeded);
  });
});
