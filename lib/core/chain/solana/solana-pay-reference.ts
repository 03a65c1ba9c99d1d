import { createHash } from "node:crypto";
import { getAddressDecoder } from "@solana/kit";

/**
 * The Solana Pay reference key of a payment's Solana option: 32 bytes no one holds a key for, as
 * base58, derived from the payment and the settlement. Only that payment's transfer request names
 * it, so a transaction carrying it is that payment's (the watcher's and the checkout's attribution).
 */
export function solanaPayReference(paymentId: string, settlementId: string): string {
  const digest = createHash("sha256").update(`tollgate solana-pay reference\0${paymentId}\0${settlementId}`);
  return getAddressDecoder().decode(digest.digest());
}
