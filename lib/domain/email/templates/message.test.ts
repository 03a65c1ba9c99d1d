import { describe, expect, it } from "vitest";
import { composeEmail } from "./message";
import { receiptMessage } from "./receipt";
import { securityAlertMessage } from "./security-alert";

describe("composeEmail", () => {
  it("puts the same content in both bodies, the link spelled out in each, and escapes everything in the HTML", () => {
    const mail = composeEmail({
      subject: "Hi",
      paragraphs: ["Hello <b>Eve</b> & co"],
      action: { label: "Go", url: 'https://x.test/a?b=1&c="2"' },
      footer: "Bye",
    });
    expect(mail.text).toBe('Hello <b>Eve</b> & co\n\nGo: https://x.test/a?b=1&c="2"\n\nBye\n\n— Tollgate');
    expect(mail.html).toContain("Hello &lt;b&gt;Eve&lt;/b&gt; &amp; co");
    expect(mail.html).toContain('href="https://x.test/a?b=1&amp;c=&quot;2&quot;"');
    expect(mail.html).not.toContain("<b>Eve</b>");
  });
});

describe("securityAlertMessage", () => {
  it("names the change and the account in the subject and lists the details", () => {
    const mail = securityAlertMessage({
      accountName: "Shop",
      kind: "settlement_destination_changed",
      details: { "New wallet": "eip155:8453:0xabc" },
      link: "https://t.test/live/audit-log",
    });
    expect(mail.subject).toBe("A settlement destination was changed — Shop");
    expect(mail.text).toContain("New wallet: eip155:8453:0xabc");
    expect(mail.text).toContain("Review the audit log: https://t.test/live/audit-log");
  });
});

describe("receiptMessage", () => {
  it("keeps the merchant's name and reference, which the caller chose, out of the subject and escaped in the body", () => {
    for (const test of [true, false]) {
      const mail = receiptMessage({
        paymentId: "pay_1",
        merchantName: "<b>Win</b> at evil.example",
        amount: "$1.00",
        referenceId: "CLICK-NOW",
        link: "https://t.test/receipt/x",
        test,
      });
      expect(mail.subject).toBe(`${test ? "[Test] " : ""}Your receipt from Tollgate (pay_1)`);
      expect(mail.html).toContain("&lt;b&gt;Win&lt;/b&gt; at evil.example");
      expect(mail.text).toContain("CLICK-NOW");
    }
  });
});
