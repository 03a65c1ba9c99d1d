import { composeEmail, type EmailMessage } from "./message";

/** The subject is fixed: the merchant's name and reference are the caller's text, so they stay in the (escaped) body. */
export function receiptMessage(input: {
  paymentId: string;
  merchantName: string;
  amount: string;
  referenceId: string;
  link: string;
  test: boolean;
}): EmailMessage {
  return composeEmail({
    subject: `${input.test ? "[Test] " : ""}Your receipt from Tollgate (${input.paymentId})`,
    paragraphs: [
      `You paid ${input.amount} to ${input.merchantName} (order ${input.referenceId}).`,
      "Your receipt shows what you paid, in which asset and network, and the transaction.",
    ],
    action: { label: "View your receipt", url: input.link },
    footer: input.test
      ? "This was a test payment: no real money moved."
      : "Keep this mail: the link is your receipt.",
  });
}
