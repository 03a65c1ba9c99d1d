/** A same-site path to go to after sign-in, or the fallback. Never an absolute or protocol-relative URL. */
export function safeRedirectPath(candidate: string | null | undefined, fallback = "/test"): string {
  if (!candidate || !candidate.startsWith("/") || candidate.startsWith("//") || candidate.includes("\\"))
    return fallback;
  // Control characters can make browsers read `/\t/evil.com` as protocol-relative.
  if (/[\u0000-\u001f\u007f]/.test(candidate)) return fallback;
  return candidate;
}
