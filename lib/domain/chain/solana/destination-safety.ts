import { isWalletAddress, systemProgram } from "@/lib/core/caip/solana-address";

export type SolanaRefusal = {
  reason: "token_contract" | "system_program" | "off_curve";
  message: string;
};

/**
 * What certainly loses money sent to a Solana settlement destination: the token's own mint, the
 * system program, or an address off the ed25519 curve (a program-derived address: no key can sign
 * for it, so a token account there, made for it by the payment, could never be spent by the merchant).
 */
export function solanaDestinationRefusal(asset: { namespace: string; reference: string }, address: string) {
  if (asset.namespace === "token" && asset.reference === address)
    return {
      reason: "token_contract",
      message: "This is the token's own mint, not a wallet: tokens sent to it are lost.",
    } satisfies SolanaRefusal;
  if (address === systemProgram)
    return {
      reason: "system_program",
      message: "This is Solana's system program, not a wallet: nobody can spend what is sent to it.",
    } satisfies SolanaRefusal;
  if (!isWalletAddress(address))
    return {
      reason: "off_curve",
      message:
        "This address is off the ed25519 curve (a program-derived address such as a token account), not a wallet: no key can spend what is sent to it.",
    } satisfies SolanaRefusal;
  return null;
}
