import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/core/errors/errors";
import { assertDeliverableUrl } from "./endpoint-url";

function refusal(url: string, allowPrivate = false) {
  try {
    assertDeliverableUrl(url, allowPrivate);
  } catch (error) {
    return error instanceof AppError ? { code: error.code, fields: error.details?.fields } : error;
  }
  return null;
}

describe("webhook endpoint URLs", () => {
  it("accepts https anywhere, normalised", () => {
    expect(assertDeliverableUrl("https://Hooks.Example.com/tollgate?shop=1")).toBe(
      "https://hooks.example.com/tollgate?shop=1",
    );
  });

  it("accepts plain http only to this machine, and only with WEBHOOKS_ALLOW_PRIVATE_NETWORKS (never implied by NODE_ENV)", () => {
    for (const url of ["http://localhost:4000/hook", "http://127.0.0.1:3984/x", "http://[::1]/x"]) {
      expect(assertDeliverableUrl(url, true)).toBe(url);
      expect(refusal(url), url).toMatchObject({ code: "params_validation" });
    }
    expect(refusal("http://hooks.example.com/tollgate", true)).toEqual({
      code: "params_validation",
      fields: { url: "Must be an https:// URL." },
    });
    expect(refusal("http://127.0.0.2/x", true)).toMatchObject({ code: "params_validation" });
    expect(refusal("https://127.0.0.1/x")).toMatchObject({
      code: "params_validation",
      fields: { url: expect.stringContaining("loopback") },
    });
  });

  it("refuses credentials in the URL, which would be stored and shown in clear", () => {
    expect(refusal("https://user:secret@hooks.example.com/")).toMatchObject({
      code: "params_validation",
      fields: { url: expect.stringContaining("user name or password") },
    });
  });
});
