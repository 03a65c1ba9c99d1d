import { composeEmail, type EmailMessage } from "./message";

export function receiptMessage(input: { merchantName: string; amount: string; referenceId: string; link: string; test: boolean }): EmailMessage {
  return composeEmail({
    subject: `${input.test ? "[Test] " : ""}Your receipt from ${input.merchantName}`,
    paragraphs: [`You paid ${input.amount} to ${input.merchantName} (order ${input.referenceId}).`, "Your receipt shows what you paid, in which asset and network, and the transaction."],
    action: { label: "View your receipt", url: input.link },
    footer: input.test ? "This was a test payment: no real money moved." : "Keep this mail: the link is your receipt.",
  });
}
