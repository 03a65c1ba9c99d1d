import { describe, expect, it } from "vitest";
import { afterFailure, failingTooLong, retryDelayMs, retryWindowMs } from "./retry-policy";

describe("webhook retry policy", () => {
  it("retries quickly at first, then doubles up to a cap of 6 hours", () => {
    const middle = (attempts: number) => retryDelayMs(attempts, 0.5);
    expect(middle(1)).toBe(5_000);
    expect(middle(2)).toBe(10_000);
    expect(middle(5)).toBe(80_000);
    expect(middle(40)).toBe(6 * 60 * 60 * 1000);
  });

  it("spreads each wait by ±20% so retries from many deliveries do not land together", () => {
    expect(retryDelayMs(3, 0)).toBe(16_000);
    expect(retryDelayMs(3, 0.999999)).toBeGreaterThan(23_900);
    expect(retryDelayMs(3, 0.999999)).toBeLessThanOrEqual(24_000);
    expect(new Set(Array.from({ length: 20 }, () => retryDelayMs(6))).size).toBeGreaterThan(1);
  });

  it("keeps retrying for 3 days, about 20 attempts, and then gives up", () => {
    const created = new Date("2026-01-01T00:00:00Z");
    let now = created;
    let attempts = 1;
    for (;;) {
      const decision = afterFailure(created, attempts, now, 0.5);
      if (decision.status === "failed") break;
      expect(decision.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());
      now = decision.nextAttemptAt;
      attempts++;
    }
    expect(now.getTime() - created.getTime()).toBe(retryWindowMs);
    expect(attempts).toBeGreaterThan(15);
    expect(attempts).toBeLessThan(30);
  });

  it("disables an endpoint only after 3 days of failures with no success", () => {
    const now = new Date("2026-01-04T00:00:00Z");
    expect(failingTooLong(null, now)).toBe(false);
    expect(failingTooLong(new Date(now.getTime() - retryWindowMs + 1000), now)).toBe(false);
    expect(failingTooLong(new Date(now.getTime() - retryWindowMs), now)).toBe(true);
  });
});
