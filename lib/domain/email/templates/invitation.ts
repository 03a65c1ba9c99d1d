import { composeEmail, type EmailMessage } from "./message";

export function invitationMessage(input: {
  accountName: string;
  inviterName: string;
  role: string;
  link: string;
  expiresAt: Date;
}): EmailMessage {
  return composeEmail({
    subject: `${input.inviterName} invited you to ${input.accountName} on Tollgate`,
    paragraphs: [
      `${input.inviterName} invited you to join ${input.accountName} on Tollgate as ${input.role}.`,
      "Choose your name and a password to accept.",
    ],
    action: { label: "Accept the invitation", url: input.link },
    footer: `The invitation expires on ${input.expiresAt.toUTCString()}. If you were not expecting it, ignore this mail.`,
  });
}
