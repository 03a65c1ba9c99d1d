import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it.each([
    ["/test/payments?status=failed", "/test/payments?status=failed"],
    ["/live", "/live"],
  ])("keeps the same-site path %s", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    [undefined],
    [null],
    [""],
    ["https://evil.example/steal"],
    ["//evil.example"],
    ["/\\evil.example"],
    ["/\t/evil.example"],
    ["javascript:alert(1)"],
    ["test"],
  ])("replaces %j with the fallback", (input) => {
    expect(safeRedirectPath(input, "/fallback")).toBe("/fallback");
  });
});
