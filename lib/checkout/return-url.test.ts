import { describe, expect, it } from "vitest";
import { safeReturnUrl } from "./return-url";

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
