import { describe, expect, it } from "vitest";
import { CursorParamSchema, DateTimeParamSchema, decodeCursor, encodeCursor } from "./pagination";

const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("cursors", () => {
  it("round-trips a position", () => {
    const position = { createdAt: new Date("2026-11-22T10:00:00.000Z"), id: "pay_4Xq0c9ZkP1sWmB7tR2yLhE3v" };
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
  });

  it.each([
    ["a NUL in the id", raw(["2026-11-22T10:00:00.000Z", "pay_\u0000"])],
    ["an impossible year", raw(["+275760-09-13T00:00:00.000Z", "pay_1"])],
    ["year 0", raw(["0000-01-01T00:00:00.000Z", "pay_1"])],
    ["a negative year", raw(["-000001-01-01T00:00:00.000Z", "pay_1"])],
    ["a date that is a number", raw([0, "pay_1"])],
    ["an id that is not an id", raw(["2026-11-22T10:00:00.000Z", "' OR 1=1"])],
    ["not JSON", "%%%"],
  ])("refuses %s", (_, cursor) => {
    expect(decodeCursor(cursor)).toBeNull();
    expect(CursorParamSchema.safeParse(cursor).success).toBe(false);
  });
});

describe("date parameters", () => {
  it("accept years 1 to 9999 only", () => {
    expect(DateTimeParamSchema.safeParse("2026-11-22T10:00:00Z").success).toBe(true);
    expect(DateTimeParamSchema.safeParse("0001-01-01T00:00:00Z").success).toBe(true);
    expect(DateTimeParamSchema.safeParse("0000-01-01T00:00:00Z").success).toBe(false);
    expect(DateTimeParamSchema.safeParse("0000-12-31T23:59:59+00:00").success).toBe(false);
  });
});
