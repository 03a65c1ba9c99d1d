import { describe, expect, it } from "vitest";
import { canTransition, isFinalStatus, pollHintMs, sourcesOf } from "./lifecycle";

const all = ["requires_action", "processing", "succeeded", "failed", "cancelled", "expired"] as const;
const finals = ["succeeded", "failed", "cancelled", "expired"] as const;

describe("payment lifecycle", () => {
  it("treats exactly the four spec statuses as final, with no way out", () => {
    expect(all.filter(isFinalStatus)).toEqual([...finals]);
    for (const from of finals) for (const to of all) expect(canTransition(from, to)).toBe(false);
  });

  it("lets a processing payment only succeed or fail", () => {
    expect(all.filter((to) => canTransition("processing", to))).toEqual(["succeeded", "failed"]);
  });

  it("lets an unpaid payment go anywhere but back to itself", () => {
    expect(all.filter((to) => canTransition("requires_action", to))).toEqual(["processing", ...finals]);
  });

  it("names where each status can be reached from", () => {
    expect(sourcesOf("succeeded")).toEqual(["requires_action", "processing"]);
    expect(sourcesOf("cancelled")).toEqual(["requires_action"]);
    expect(sourcesOf("requires_action")).toEqual([]);
  });

  it("hints a poll interval only while not final (spec section 3 rules 1-2)", () => {
    expect(pollHintMs("requires_action")).toBeGreaterThan(0);
    expect(pollHintMs("processing")).toBeGreaterThan(0);
    for (const status of finals) expect(pollHintMs(status)).toBeNull();
  });
});
