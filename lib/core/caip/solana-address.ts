// Solana's side of CAIP (https://namespaces.chainagnostic.org/solana): a cluster is named by the
// first 32 characters of its genesis hash, an account by its base58 address (32 bytes), a token by
// its mint (`token:<mint>`), the native coin as `slip44:501`.
import { isAddress, isOffCurveAddress } from "@solana/kit";

export const solanaMainnet = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp";
export const solanaDevnet = "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1";
export const solanaTestnet = "solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z";
/** SOL, in lamports (9 decimals). */
export const solSlip44 = "501";
export const systemProgram = "11111111111111111111111111111111";

const BASE58_REFERENCE = /^[1-9A-HJ-NP-Za-km-z]{32}$/;

/** Why `reference` is not a Solana cluster reference, or null. */
export function solanaReferenceProblem(reference: string): string | null {
  return BASE58_REFERENCE.test(reference)
    ? null
    : `has an invalid solana cluster reference "${reference.slice(0, 40)}": expected the first 32 base58 characters of its genesis hash, e.g. solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`;
}

/** Why `address` is not a Solana address (base58 of 32 bytes), or null. */
export function solanaAddressProblem(address: string): string | null {
  return isAddress(address)
    ? null
    : `must be a Solana address: 32 bytes in base58, 32 to 44 characters (got "${address.slice(0, 60)}")`;
}

/** A wallet's address is an ed25519 public key; a program-derived address (off the curve) has no key to sign or spend with. */
export function isWalletAddress(address: string): boolean {
  return isAddress(address) && !isOffCurveAddress(address);
}
