import { composeEmail, type EmailMessage } from "./message";

export function joinConfirmationMessage(input: {
  accountName: string;
  role: string;
  link: string;
  expiresAt: Date;
}): EmailMessage {
  return composeEmail({
    subject: `Finish joining ${input.accountName} on Tollgate`,
    paragraphs: [
      `You asked to join ${input.accountName} on Tollgate as ${input.role}.`,
      "Follow the link and enter the password you chose to finish. Your login is made only then.",
    ],
    action: { label: "Finish joining", url: input.link },
    footer: `The link works until ${input.expiresAt.toUTCString()}. If you did not ask to join, ignore this mail: nothing happens without it.`,
  });
}

export function joinRefusedMessage(input: { accountName: string; signInUrl: string }): EmailMessage {
  return composeEmail({
    subject: `About your invitation to ${input.accountName} on Tollgate`,
    paragraphs: [
      `Someone followed your invitation to join ${input.accountName} on Tollgate, but this address already has a Tollgate login with another account.`,
      `A login belongs to one account, so it cannot join ${input.accountName}. Ask them to invite another address of yours, or sign in to the account you have.`,
    ],
    action: { label: "Sign in", url: input.signInUrl },
    footer: "If this was not you, you need do nothing: your login was not changed.",
  });
}
