import { composeEmail, type EmailMessage } from "./message";

export function resetPasswordMessage(input: {
  name: string;
  link: string;
  validMinutes: number;
}): EmailMessage {
  return composeEmail({
    subject: "Reset your Tollgate password",
    paragraphs: [
      `Hello ${input.name},`,
      "Someone (hopefully you) asked to reset the password of your Tollgate login. Choose a new one with the button below.",
    ],
    action: { label: "Choose a new password", url: input.link },
    footer: `The link works once, for ${input.validMinutes} minutes. If you did not ask for it, ignore this mail: your password stays as it is.`,
  });
}
