import { composeEmail, type EmailMessage } from "./message";

export function verifyEmailMessage(input: { name: string; link: string; validHours: number }): EmailMessage {
  return composeEmail({
    subject: "Confirm your email address for Tollgate",
    paragraphs: [
      `Hello ${input.name},`,
      "Please confirm that this is your email address. Until you do, you can use test mode, but nothing in live mode changes.",
    ],
    action: { label: "Confirm my email", url: input.link },
    footer: `The link works once, for ${input.validHours} hours. If you did not create a Tollgate login, ignore this mail.`,
  });
}
