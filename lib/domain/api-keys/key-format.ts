import type { Mode } from "@/lib/core/db";
import { randomBase62 } from "@/lib/core/ids/ids";

// `svc_test_` / `svc_live_` + 32 base62 characters. The first 8 random characters, with the mode
// prefix, form the stored lookup prefix; the rest never leaves the creator's screen.
const modePrefix = { test: "svc_test_", live: "svc_live_" } as const;
const keyPattern = /^svc_(test|live)_([0-9A-Za-z]{32})$/;
const lookupLength = 8;

export function generateApiKey(mode: Mode): { key: string; prefix: string; last4: string } {
  const key = modePrefix[mode] + randomBase62(32);
  return { key, prefix: key.slice(0, modePrefix[mode].length + lookupLength), last4: key.slice(-4) };
}

export function parseApiKey(key: string): { mode: Mode; prefix: string } | null {
  const match = keyPattern.exec(key);
  if (!match) return null;
  const mode = match[1] as Mode;
  return { mode, prefix: key.slice(0, modePrefix[mode].length + lookupLength) };
}

/** How a key is shown after creation: `svc_test_AbCd1234…wxyz`. */
export function maskApiKey(prefix: string, last4: string): string {
  return `${prefix}…${last4}`;
}
