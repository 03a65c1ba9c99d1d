import { describe, expect, it } from "vitest";
import { escapeHtml, html, jsonForScript, raw } from "./html";

describe("escapeHtml", () => {
  it("escapes every character that can open markup or leave an attribute", () => {
    expect(escapeHtml(`<img src=x onerror="alert('1')">&\``)).toBe(
      "&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;&#96;",
    );
  });

  it("leaves ordinary text, including non-ASCII, as it is", () => {
    expect(escapeHtml("Café Zoë · 10.5 USDC")).toBe("Café Zoë · 10.5 USDC");
  });
});

describe("html", () => {
  it("escapes interpolated strings and numbers in text and attributes", () => {
    const name = `"><script>alert(1)</script>`;
    expect(html`<p title="${name}">${name} ${42}</p>`.toString()).toBe(
      `<p title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; 42</p>`,
    );
  });

  it("keeps nested templates and raw markup, and renders arrays of them", () => {
    const items = ["a<b", "c"].map((item) => html`<li>${item}</li>`);
    expect(html`<ul>${items}</ul>${raw("<hr>")}`.toString()).toBe("<ul><li>a&lt;b</li><li>c</li></ul><hr>");
  });

  it("renders null, undefined and false as nothing, and true as text", () => {
    expect(html`[${null}${undefined}${false}${true}]`.toString()).toBe("[true]");
  });

  it("does not treat a string that looks like markup as trusted", () => {
    expect(html`${"<b>bold</b>"}`.toString()).toBe("&lt;b&gt;bold&lt;/b&gt;");
  });
});

describe("jsonForScript", () => {
  it("cannot close its script element, and parses back to the same value", () => {
    const value = { name: "</script><script>alert(1)</script>", line: "a\u2028b" };
    const text = jsonForScript(value).toString();
    expect(text).not.toMatch(/<\/script/i);
    expect(text).not.toContain("\u2028");
    expect(JSON.parse(text)).toEqual(value);
  });
});
