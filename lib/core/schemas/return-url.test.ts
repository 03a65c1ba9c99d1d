import { describe, expect, it } from "vitest";
import { ReturnOriginsSchema } from "@/lib/core/schemas/common";
import { allowedReturnUrl, safeReturnUrl } from "./return-url";

describe("safeReturnUrl", () => {
  it.each([
    "myapp://orders/42",
    "myapp://orders/42?status=done#top",
    "com.shop.app:/callback",
    "my-app+beta.v2://x",
    "https://shop.example/orders/42?from=checkout",
    "http://localhost:3000/orders/42",
    "HTTPS://SHOP.EXAMPLE/",
    "tel:+15555550100",
  ])("keeps the absolute URL %s exactly as given", (url) => {
    expect(safeReturnUrl(url)).toBe(url);
  });

  it.each([
    ["javascript:", "javascript:alert(document.cookie)"],
    ["JavaScript: in mixed case", "JaVaScRiPt:alert(1)"],
    ["javascript: with a comment trick", "javascript://shop.example/%0Aalert(1)"],
    ["vbscript:", "vbscript:msgbox(1)"],
    ["data:", "data:text/html,<script>alert(1)</script>"],
    ["base64 data:", "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="],
    ["file:", "file:///etc/passwd"],
    ["blob:", "blob:https://shop.example/0b7a"],
    ["about:", "about:blank"],
    ["a tab inside javascript:", "java\tscript:alert(1)"],
    ["a newline inside javascript:", "java\nscript:alert(1)"],
    ["a leading space", " javascript:alert(1)"],
    ["a leading control character", "\u0001javascript:alert(1)"],
    ["a trailing newline", "myapp://orders/42\n"],
    ["a NUL character", "myapp://orders/\u000042"],
    ["an encoded newline in the scheme position", "%0Ajavascript:alert(1)"],
  ])("refuses %s", (_label, url) => {
    expect(safeReturnUrl(url)).toBeNull();
  });

  it.each([
    ["no value", undefined],
    ["null", null],
    ["an empty string", ""],
    ["a repeated parameter", ["myapp://a", "myapp://b"]],
    ["a relative path", "/orders/42"],
    ["a protocol-relative URL", "//evil.example/orders"],
    ["a bare host", "shop.example/orders"],
    ["a scheme starting with a digit", "1app://x"],
    ["a colon first", ":myapp//x"],
    ["https without a host", "https:evil.example"],
    ["https with backslashes", "https:\\\\evil.example"],
    ["https with an empty host", "https:///orders"],
    ["a URL longer than 2048 characters", `myapp://orders/${"x".repeat(2040)}`],
  ])("refuses %s (not an absolute URL with a scheme)", (_label, url) => {
    expect(safeReturnUrl(url)).toBeNull();
  });
});

describe("allowedReturnUrl", () => {
  const allowed = ["https://shop.example.com", "myapp://"];

  it.each([
    "https://shop.example.com/orders/42?from=checkout",
    "HTTPS://SHOP.EXAMPLE.COM/",
    "https://shop.example.com:443/x",
    "myapp://orders/42",
    "MyApp://orders/42",
  ])("offers %s, whose origin or scheme is allowed", (url) => {
    expect(allowedReturnUrl(url, allowed)).toBe(url);
  });

  it.each([
    ["another site", "https://evil.example/orders/42"],
    ["a subdomain", "https://evil.shop.example.com/"],
    ["a look-alike host", "https://shop.example.com.evil.example/"],
    ["credentials before another host", "https://shop.example.com@evil.example/"],
    ["another port", "https://shop.example.com:8443/"],
    ["http on the allowed host", "http://shop.example.com/"],
    ["another app", "otherapp://orders/42"],
    ["javascript: even if it were listed", "javascript:alert(1)"],
  ])("ignores %s", (_label, url) => {
    expect(allowedReturnUrl(url, [...allowed, "javascript://"])).toBeNull();
  });

  it("offers nothing when the list is empty", () => {
    expect(allowedReturnUrl("https://shop.example.com/", [])).toBeNull();
    expect(allowedReturnUrl("myapp://x", [])).toBeNull();
  });
});

describe("ReturnOrigins", () => {
  it("stores each entry as its origin or scheme, once", () => {
    expect(
      ReturnOriginsSchema.parse([
        "https://Shop.Example.com/",
        "https://shop.example.com:443",
        " myapp:// ",
        "com.shop.app://",
        "",
      ]),
    ).toEqual(["https://shop.example.com", "myapp://", "com.shop.app://"]);
  });

  it.each([
    "http://shop.example.com",
    "https://shop.example.com/orders",
    "https://shop.example.com?x=1",
    "https://user@shop.example.com",
    "javascript://",
    "data://",
    "myapp://orders",
    "myapp:",
    "shop.example.com",
    "https://",
  ])("refuses %s, naming it", (entry) => {
    const result = ReturnOriginsSchema.safeParse([entry]);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(entry);
  });

  it("refuses more than 20 entries", () => {
    expect(ReturnOriginsSchema.safeParse(Array.from({ length: 21 }, (_, i) => `app${i}://`)).success).toBe(
      false,
    );
  });
});
