import { describe, expect, it } from "vitest";
import { decideNavigation } from "./decide-navigation";

const pairing =
  "wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303";

describe("decideNavigation: WalletConnect deeplinks go to the OS (embedding rule 3)", () => {
  it.each([
    ["a universal link", `https://metamask.app.link/wc?uri=${encodeURIComponent(pairing)}`],
    ["a custom-scheme link", `metamask://wc?uri=${encodeURIComponent(pairing)}`],
    ["a Trust Wallet link", `trust://wc?uri=${encodeURIComponent(pairing)}`],
    ["an unencoded value", `https://link.trustwallet.com/wc?uri=${pairing}`],
    ["uri after other parameters", `https://wallet.example/wc?ref=shop&uri=${encodeURIComponent(pairing)}`],
    [
      "a second uri parameter",
      `https://wallet.example/wc?uri=https%3A%2F%2Fx&uri=${encodeURIComponent(pairing)}`,
    ],
    ["an upper-case WC: prefix", "https://wallet.example/wc?uri=WC%3Aabc%402"],
    ["a percent-encoded parameter name", "https://wallet.example/wc?%75ri=wc%3Aabc%402"],
    [
      "an Android intent deeplink",
      "intent://wc?uri=wc%3Aabc%402#Intent;scheme=metamask;package=io.metamask;end",
    ],
    ["an http link (forwarded, not loaded)", "http://wallet.example/wc?uri=wc%3Aabc"],
    ["a bare wc: value", "https://wallet.example/?uri=wc:"],
  ])("forwards %s", (_label, url) => {
    expect(decideNavigation(url)).toBe("forward-to-os");
  });

  it.each([
    ["uri in the fragment, not the query", "https://wallet.example/wc#?uri=wc%3Aabc"],
    ["a parameter named URI", "https://wallet.example/wc?URI=wc%3Aabc"],
    ["a parameter whose name ends in uri", "https://wallet.example/wc?redirect_uri=wc%3Aabc"],
    ["a value with wc: later on", "https://wallet.example/wc?uri=x-wc%3Aabc"],
    ["a value starting with a space", "https://wallet.example/wc?uri=+wc%3Aabc"],
    ["uri with no value", "https://wallet.example/wc?uri"],
    ["an undecodable value", "https://wallet.example/wc?uri=wc%3Aab%E0%A4%A"],
  ])("does not forward %s (an https URL, so it loads)", (_label, url) => {
    expect(decideNavigation(url)).toBe("allow");
  });

  it.each([
    ["javascript:", "javascript:alert(1)//?uri=wc%3Aabc"],
    ["JavaScript: in mixed case", "JavaScript:alert(1)//?uri=wc:abc"],
    ["vbscript:", "vbscript:msgbox(1)?uri=wc:abc"],
    ["data:", "data:text/html,<script>alert(1)</script>?uri=wc:abc"],
    ["file:", "file:///etc/passwd?uri=wc:abc"],
    ["blob:", "blob:https://shop.example/1234?uri=wc:abc"],
  ])("never forwards a script or local-content scheme even with a wc: uri: %s", (_label, url) => {
    expect(decideNavigation(url)).toBe("block");
  });
});

describe("decideNavigation: only https and about load (embedding rule 4)", () => {
  it.each([
    [
      "the checkout",
      "https://pay.tollgate.example/pay/pay_4Xq0c9ZkP1sWmB7tR2yLhE3v?returnUrl=myapp%3A%2F%2Forders%2F42&preferUniversalLinks=1",
    ],
    ["an https page with a port, path, query and fragment", "https://shop.example:8443/a/b?c=d#e"],
    ["upper-case HTTPS", "HTTPS://SHOP.EXAMPLE/"],
    ["https with user info", "https://user@shop.example/"],
    ["an IPv6 host", "https://[::1]:8443/"],
    ["about:blank", "about:blank"],
    ["about:srcdoc", "about:srcdoc"],
    ["ABOUT:BLANK", "ABOUT:BLANK"],
  ])("allows %s", (_label, url) => {
    expect(decideNavigation(url)).toBe("allow");
  });

  it.each([
    ["tel:", "tel:+15555550100"],
    ["sms:", "sms:+15555550100?body=hi"],
    ["mailto:", "mailto:support@shop.example"],
    ["intent:", "intent://scan/#Intent;scheme=zxing;package=com.google.zxing.client.android;end"],
    ["market:", "market://details?id=io.metamask"],
    ["http:", "http://shop.example/"],
    ["ws:", "wss://relay.example/"],
    ["ftp:", "ftp://files.example/"],
    [
      "ethereum: (EIP-681)",
      "ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=0x52908400098527886E0F7030069857D2E4169EE7&uint256=10500000",
    ],
    ["a bare wc: pairing URI", pairing],
    ["a custom app scheme", "myapp://orders/42"],
    ["javascript:", "javascript:alert(document.cookie)"],
    ["vbscript:", "vbscript:msgbox(1)"],
    ["data:", "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="],
    ["file:", "file:///sdcard/secret.txt"],
    ["blob:", "blob:https://shop.example/0b7a-4c1d"],
    ["content:", "content://com.android.contacts/contacts"],
    ["chrome:", "chrome://settings"],
  ])("blocks %s", (_label, url) => {
    expect(decideNavigation(url)).toBe("block");
  });

  it.each([
    ["an empty string", ""],
    ["spaces", "   "],
    ["no scheme", "shop.example/page"],
    ["a protocol-relative URL", "//shop.example/page"],
    ["a path", "/pay/pay_123"],
    ["a scheme starting with a digit", "1https://shop.example/"],
    ["a colon first", ":https://shop.example/"],
    ["https without an authority", "https:shop.example"],
    ["https with an empty host", "https:///path"],
    ["https with nothing after the slashes", "https://"],
    ["https with backslashes", "https:\\\\evil.example"],
    ["https with a backslash host", "https://\\evil.example"],
    ["leading whitespace", " https://shop.example/"],
    ["a trailing newline", "https://shop.example/\n"],
    ["a tab inside the scheme", "java\tscript:alert(1)"],
    ["a newline inside the scheme", "https\n://shop.example/"],
    ["a NUL character", "https://shop.example/\u0000"],
    ["a non-breaking space", "https://shop.example/\u00a0"],
    ["a line separator", "https://shop.example/\u2028"],
    ["a byte-order mark", "\ufeffhttps://shop.example/"],
  ])("blocks a malformed URL: %s", (_label, url) => {
    expect(decideNavigation(url)).toBe("block");
  });

  it("blocks a value that is not a string", () => {
    expect(decideNavigation(undefined as unknown as string)).toBe("block");
    expect(decideNavigation(42 as unknown as string)).toBe("block");
  });
});
