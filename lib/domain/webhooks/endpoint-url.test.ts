import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/core/errors/errors";
import { assertDeliverableUrl, loopbackDelivery } from "./endpoint-url";

function refusal(url: string, allowPrivate = false, mode: "test" | "live" = "live") {
  try {
    assertDeliverableUrl(url, { mode, allowPrivate });
  } catch (error) {
    return error instanceof AppError ? { code: error.code, fields: error.details?.fields } : error;
  }
  return null;
}

describe("webhook endpoint URLs", () => {
  it("accepts https anywhere, normalised", () => {
    expect(assertDeliverableUrl("https://Hooks.Example.com/tollgate?shop=1", { mode: "live" })).toBe(
      "https://hooks.example.com/tollgate?shop=1",
    );
  });

  it("accepts plain http only to this machine: in test mode, and in live mode only with WEBHOOKS_ALLOW_PRIVATE_NETWORKS (never implied by NODE_ENV)", () => {
    for (const url of ["http://localhost:4000/hook", "http://127.0.0.1:3984/x", "http://[::1]/x"]) {
      expect(assertDeliverableUrl(url, { mode: "live", allowPrivate: true })).toBe(url);
      expect(assertDeliverableUrl(url, { mode: "test", allowPrivate: false })).toBe(url);
      expect(refusal(url), url).toMatchObject({ code: "params_validation" });
    }
    expect(refusal("http://localhost:4000/hook")).toEqual({
      code: "params_validation",
      fields: { url: "Must be an https:// URL: http://localhost is for test-mode endpoints." },
    });
    // Test mode's exception is this machine alone: never another private or reserved address.
    expect(refusal("http://10.0.0.1/x", false, "test")).toMatchObject({ code: "params_validation" });
    expect(refusal("https://169.254.169.254/x", false, "test")).toMatchObject({ code: "params_validation" });
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

  it("tells the dashboard whether an endpoint on this machine is delivered to: only with WEBHOOKS_ALLOW_PRIVATE_NETWORKS", () => {
    for (const url of ["http://localhost:4000/hooks", "http://127.0.0.1:9/x", "http://[::1]:8080/"]) {
      expect(loopbackDelivery(url, true), url).toBe("delivered");
      expect(loopbackDelivery(url, false), url).toBe("refused");
    }
    for (const url of ["https://hooks.example.com/x", "http://127.0.0.2/x", "not a url"])
      expect(loopbackDelivery(url, true), url).toBeNull();
  });
});
