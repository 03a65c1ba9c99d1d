import "server-only";
import { AppError } from "@/lib/errors/errors";
import { takeToken, type BucketPolicy } from "@/lib/limits/rate-limit";
import { hashInvitationToken } from "@/lib/team/invitation-token";

// Reset requests: five per email and twenty per address, each regained over an hour (enough to
// retry a lost mail, too few to flood someone's inbox). Tokens tried (reset or verification links):
// thirty per address per fifteen minutes, far beyond a person following their links. Resends of a
// verification mail: three per user, regained over fifteen minutes. Join requests (each mails the
// invited address): five per invitation, regained over an hour.
const policies = {
  resetPerEmail: { burst: 5, ratePerSecond: 5 / 3600 },
  resetPerAddress: { burst: 20, ratePerSecond: 20 / 3600 },
  tokenPerAddress: { burst: 30, ratePerSecond: 30 / 900 },
  resendPerUser: { burst: 3, ratePerSecond: 3 / 900 },
  joinPerInvitation: { burst: 5, ratePerSecond: 5 / 3600 },
} satisfies Record<string, BucketPolicy>;

async function take(bucket: string, policy: BucketPolicy, message: string): Promise<void> {
  const result = await takeToken(bucket, policy);
  if (result.ok) return;
  const minutes = Math.ceil(result.retryAfterSeconds / 60);
  throw new AppError("rate_limited", `${message} Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, { retryAfterSeconds: result.retryAfterSeconds });
}

/** The same refusal whether or not the email has a login, so it tells nothing about who signed up. */
export async function limitResetRequests(email: string, clientAddress: string | null): Promise<void> {
  if (clientAddress) await take(`reset:ip:${clientAddress}`, policies.resetPerAddress, "Too many reset requests from your network.");
  await take(`reset:email:${email}`, policies.resetPerEmail, "Too many reset requests for this email.");
}

export async function limitTokenAttempts(clientAddress: string | null): Promise<void> {
  if (clientAddress) await take(`email-token:ip:${clientAddress}`, policies.tokenPerAddress, "Too many links tried from your network.");
}

export async function limitVerificationResends(userId: string): Promise<void> {
  await take(`verify-resend:user:${userId}`, policies.resendPerUser, "We just sent you a link.");
}

/** Per invite link, whoever holds it: each request mails the invited address. */
export async function limitJoinRequests(invitationToken: string): Promise<void> {
  await take(`join:invitation:${hashInvitationToken(invitationToken)}`, policies.joinPerInvitation, "We already sent several links for this invitation.");
}
