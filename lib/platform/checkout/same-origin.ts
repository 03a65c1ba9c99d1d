import "server-only";
import { publicBaseUrl } from "@/lib/core/config/env";
import { AppError } from "@/lib/core/errors/errors";

/**
 * The checkout's state-changing routes answer only the checkout page itself: a browser always
 * sends `Origin` with a POST, and another site's page (or a form posted from it) shows its own.
 */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get("origin");
  let host: string | null = null;
  try {
    host = origin ? new URL(origin).host : null;
  } catch {
    host = null;
  }
  if (host && (host === request.headers.get("host") || host === new URL(publicBaseUrl()).host)) return;
  throw new AppError("forbidden", "This action is only available from the payment's own checkout page.");
}
