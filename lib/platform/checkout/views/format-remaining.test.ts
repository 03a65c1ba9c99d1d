import { describe, expect, it } from "vitest";
import { formatRemaining } from "./format-remaining";

describe("formatRemaining", () => {
  it.each([
    [15 * 60_000, "15:00"],
    [14 * 60_000 + 59_001, "15:00"],
    [61_000, "1:01"],
    [999, "0:01"],
    [0, "0:00"],
    [-5000, "0:00"],
    [3_723_000, "1:02:03"],
    [2 * 86_400_000 + 3 * 3_600_000 + 59_000, "2d 3h"],
  ])("%i ms is %s", (ms, shown) => {
    expect(formatRemaining(ms)).toBe(shown);
  });
});
