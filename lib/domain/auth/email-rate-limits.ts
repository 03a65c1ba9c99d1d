import "server-only";
import { AppError } from "@/lib/core/errors/errors";
import { returnToken, takeToken, type BucketPolicy } from "@/lib/core/limits/rate-limit";
import { hashInvitationToken } from "@/lib/domain/auth/invitation-token";

// Reset requests: five per email and twenty per address, each regained over an hour (enough to
// retry a lost mail, too few to flood someone's inbox). Wrong tokens tried (reset, verification or
// join links): thirty per address per fifteen minutes; a link that works costs nothing, so an office
// behind one address following its own links is never refused. Resends of a
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
  throw new AppError(
    "rate_limited",
    `${message} Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    { retryAfterSeconds: result.retryAfterSeconds },
  );
}

/** The same refusal whether or not the email has a login, so it tells nothing about who signed up. */
export async function limitResetRequests(email: string, clientAddress: string | null): Promise<void> {
  if (clientAddress)
    await take(
      `reset:ip:${clientAddress}`,
      policies.resetPerAddress,
      "Too many reset requests from your network.",
    );
  await take(`reset:email:${email}`, policies.resetPerEmail, "Too many reset requests for this email.");
}

/**
 * Runs `attempt` (looking up or using a mailed link's token) as one try from this address: refused
 * once the address has tried too many wrong tokens, and given back when `worked` says the token was
 * good. An attempt that throws counts.
 */
export async function limitTokenAttempts<T>(
  clientAddress: string | null,
  attempt: () => Promise<T>,
  worked: (result: T) => boolean = () => true,
): Promise<T> {
  if (!clientAddress) return attempt();
  const bucket = `email-token:ip:${clientAddress}`;
  await take(bucket, policies.tokenPerAddress, "Too many links tried from your network.");
  const result = await attempt();
  if (worked(result)) await returnToken(bucket, policies.tokenPerAddress);
  return result;
}

export async function limitVerificationResends(userId: string): Promise<void> {
  await take(`verify-resend:user:${userId}`, policies.resendPerUser, "We just sent you a link.");
}

/** Per invite link, whoever holds it: each request mails the invited address. */
export async function limitJoinRequests(invitationToken: string): Promise<void> {
  await take(
    `join:invitation:${hashInvitationToken(invitationToken)}`,
    policies.joinPerInvitation,
    "We already sent several links for this invitation.",
  );
}
