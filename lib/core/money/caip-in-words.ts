import { findKnownAsset, networkName, shortAssetReference } from "./assets";

/**
 * A CAIP id as people read it, or null when `value` is none: an asset as its symbol and network
 * ("USDC on Base"; a token nobody named by its short address), an account as its short address and
 * network ("0x5290…9EE7 on Base"). The raw id belongs behind a copy button beside it.
 */
export function caipInWords(value: string): string | null {
  const asset = /^([-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32})\/[-a-z0-9]{3,8}:[-.%a-zA-Z0-9]{1,128}$/.exec(value);
  if (asset) {
    const known = findKnownAsset(value);
    return `${known ? known.symbol : `token ${shortAssetReference(value)}`} on ${networkName(asset[1]!)}`;
  }
  const account = /^([-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}):([-.%a-zA-Z0-9]{1,128})$/.exec(value);
  if (account) return `${shortAssetReference(account[2]!)} on ${networkName(account[1]!)}`;
  return null;
}
