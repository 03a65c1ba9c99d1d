/**
 * The address a request came from. `X-Forwarded-For` is anyone's to write, so it is believed only
 * for the proxies this deployment says stand in front of it (`TRUSTED_PROXY_HOPS`): with n of them,
 * the caller is the n-th address from the right, the one the outermost trusted proxy saw. With none,
 * it is the socket's peer, whatever the header claims.
 */
export function callerAddress(
  forwardedFor: string | string[] | undefined,
  socketAddress: string | undefined,
  trustedHops: number,
): string | null {
  if (trustedHops > 0) {
    const hops = [forwardedFor ?? []]
      .flat()
      .flatMap((value) => value.split(","))
      .map((hop) => hop.trim())
      .filter(Boolean);
    const caller = hops[hops.length - trustedHops];
    if (caller) return caller;
  }
  return socketAddress ?? null;
}
