import { composeEmail, type EmailMessage } from "./message";

/** To a person who already has a login, when someone signs up with their email. */
export function signUpAttemptMessage(input: {
  name: string;
  signInUrl: string;
  resetUrl: string;
}): EmailMessage {
  return composeEmail({
    subject: "Someone tried to sign up to Tollgate with your email",
    paragraphs: [
      `Hello ${input.name},`,
      "Someone (perhaps you) tried to create a new Tollgate account with this email address. It already has a Tollgate login, so no account was created and nothing changed.",
      `If it was you, sign in at ${input.signInUrl}, or choose a new password if you forgot it.`,
    ],
    action: { label: "Choose a new password", url: input.resetUrl },
    footer: "If it was not you, you can ignore this mail: your login and password stay as they are.",
  });
}
