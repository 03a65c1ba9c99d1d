import { formatRemaining } from "@/lib/platform/checkout/views/format-remaining";

/**
 * Counts `element` down to `expiresAt` on the server's clock (`serverNow` is its time at render:
 * the buyer's clock may be off). Calls `onExpire` once at zero. Returns a stop function.
 */
export function startCountdown(
  element: HTMLElement,
  expiresAt: string,
  serverNow: number,
  onExpire: () => void,
): () => void {
  const deadline = Date.parse(expiresAt);
  const skew = serverNow - Date.now();
  let expired = false;
  const timer = setInterval(() => {
    const left = deadline - (Date.now() + skew);
    element.textContent = formatRemaining(left);
    if (left <= 0 && !expired) {
      expired = true;
      onExpire();
    }
  }, 1000);
  return () => clearInterval(timer);
}
