import { describe, expect, it } from "vitest";
import { formatDateTime } from "./format-date";

describe("formatDateTime", () => {
  it("shows the moment in UTC whatever the machine's zone, with the zone named", () => {
    expect(formatDateTime(new Date("2026-11-21T23:57:30.000Z"))).toBe("21 Nov 2026, 23:57 UTC");
    expect(formatDateTime("2026-01-05T00:05:00.000+02:00")).toBe("4 Jan 2026, 22:05 UTC");
  });
});
