import "server-only";
import { env } from "@/lib/core/config/env";
import { AppError } from "@/lib/core/errors/errors";
import { takeToken, type BucketPolicy } from "@/lib/core/limits/rate-limit";

// Ten new accounts per client address (SIGN_UPS_PER_ADDRESS_PER_HOUR), regained over an hour: room
// for an office behind one address, too little to fill the database with throwaway accounts.
function perAddress(): BucketPolicy {
  const perHour = env.SIGN_UPS_PER_ADDRESS_PER_HOUR;
  return { burst: perHour, ratePerSecond: perHour / 3600 };
}

/** Takes a sign-up from the caller's address, or refuses with how long to wait. */
export async function limitSignUps(clientAddress: string | null): Promise<void> {
  if (!clientAddress) return;
  const result = await takeToken(`signup:ip:${clientAddress}`, perAddress());
  if (!result.ok) {
    const minutes = Math.ceil(result.retryAfterSeconds / 60);
    throw new AppError(
      "rate_limited",
      `Too many new accounts from your network. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      { retryAfterSeconds: result.retryAfterSeconds },
    );
  }
}
