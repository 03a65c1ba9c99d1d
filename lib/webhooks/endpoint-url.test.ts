import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { assertDeliverableUrl } from "./endpoint-url";

function refusal(url: string) {
  try {
    assertDeliverableUrl(url);
  } catch (error) {
    return error instanceof AppError ? { code: error.code, fields: error.details?.fields } : error;
  }
  return null;
}

// Vitest runs with NODE_ENV=test: a local install, where loopback http is allowed.
describe("webhook endpoint URLs", () => {
  it("accepts https anywhere, normalised", () => {
    expect(assertDeliverableUrl("https://Hooks.Example.com/tollgate?shop=1")).toBe("https://hooks.example.com/tollgate?shop=1");
  });

  it("accepts plain http only to this machine on a local install", () => {
    for (const url of ["http://localhost:4000/hook", "http://127.0.0.1:3984/x", "http://[::1]/x"]) expect(assertDeliverableUrl(url)).toBe(url);
    expect(refusal("http://hooks.example.com/tollgate")).toEqual({ code: "params_validation", fields: { url: "Must be an https:// URL." } });
    expect(refusal("http://127.0.0.2/x")).toMatchObject({ code: "params_validation" });
  });

  it("refuses credentials in the URL, which would be stored and shown in clear", () => {
    expect(refusal("https://user:secret@hooks.example.com/")).toMatchObject({ code: "params_validation", fields: { url: expect.stringContaining("user name or password") } });
  });
});
