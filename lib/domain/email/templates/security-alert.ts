import { composeEmail, type EmailMessage } from "./message";

/** Changes an account's owners are told about by mail, whoever made them. */
export const securityAlertKinds = {
  settlement_destination_changed: {
    subject: "A settlement destination was changed",
    lead: "Funds for new payments now go to a different wallet.",
  },
  webhook_endpoint_changed: {
    subject: "Where webhook events go was changed",
    lead: "A webhook endpoint was added, pointed at another address, or given a new signing secret.",
  },
  privileged_member_invited: {
    subject: "An owner or admin was invited",
    lead: "Someone was invited to join your team with the power to change where money goes.",
  },
  live_api_key_created: {
    subject: "A live API key was created",
    lead: "A new API key can now act on live payments.",
  },
  member_added: {
    subject: "A member joined your team",
    lead: "Someone new can now sign in to your account.",
  },
  member_role_changed: {
    subject: "A team member's role was changed",
    lead: "What a member of your team may do has changed.",
  },
  two_factor_enabled: {
    subject: "Two-factor sign-in was turned on",
    lead: "A login of your team now asks for a code from an authenticator app after its password.",
  },
  two_factor_disabled: {
    subject: "Two-factor sign-in was turned off",
    lead: "A login of your team no longer asks for a second factor.",
  },
  passkey_added: {
    subject: "A passkey was added",
    lead: "A login of your team can now use a new passkey as its second factor and to confirm sensitive changes.",
  },
  passkey_removed: {
    subject: "A passkey was removed",
    lead: "A login of your team can no longer use one of its passkeys.",
  },
} as const;

export type SecurityAlertKind = keyof typeof securityAlertKinds;

/** `details` are shown as "label: value" lines, in the order given. */
export function securityAlertMessage(input: {
  accountName: string;
  kind: SecurityAlertKind;
  details: Record<string, string>;
  link: string;
}): EmailMessage {
  const { subject, lead } = securityAlertKinds[input.kind];
  return composeEmail({
    subject: `${subject} — ${input.accountName}`,
    paragraphs: [
      `${lead} This happened in ${input.accountName}:`,
      ...Object.entries(input.details).map(([label, value]) => `${label}: ${value}`),
      `When: ${new Date().toUTCString()}`,
    ],
    action: { label: "Review the audit log", url: input.link },
    footer:
      "You receive this because you are an owner of the account, or the change concerns your own login. If you did not expect this change, review it now and revoke what you do not recognise.",
  });
}
