import "server-only";
import { clientAddress } from "@/lib/auth/client-address";
import { db } from "@/lib/db";
import { AppError, notFound } from "@/lib/errors/errors";
import { isId } from "@/lib/db/ids";
import { takeToken, type BucketPolicy } from "@/lib/limits/rate-limit";

// Anyone with a payment's link may post to its checkout routes, and a submitted hash makes the
// server read the chain. A buyer needs a handful of posts; twenty at once, then one every three
// seconds, per payment and address, is plenty for them and stops a script hammering one payment.
const perPaymentAndAddress: BucketPolicy = { burst: 20, ratePerSecond: 1 / 3 };

/**
 * Takes one checkout post for this payment from the caller's address, or refuses with how long to
 * wait. A made-up payment id is a 404 before any bucket is written, so no one can fill the table
 * with buckets for payments that do not exist.
 */
export async function limitCheckoutPosts(request: Request, paymentId: string): Promise<void> {
  const exists = isId("pay", paymentId) && (await db().payment.count({ where: { id: paymentId } })) > 0;
  if (!exists) throw notFound("Payment");
  const address = clientAddress(Object.fromEntries(request.headers.entries())) ?? "unknown";
  const result = await takeToken(`checkout:${paymentId.slice(0, 64)}:${address}`, perPaymentAndAddress);
  if (!result.ok) {
    throw new AppError("rate_limited", "Too many attempts on this payment. Wait a few seconds and try again.", { retryAfterSeconds: result.retryAfterSeconds });
  }
}
