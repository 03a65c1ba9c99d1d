import "server-only";
import { secp256k1 } from "@noble/curves/secp256k1";
import { hashTypedData, hexToNumber, type Address, type Hex } from "viem";
import { publicKeyToAddress } from "viem/accounts";
import { authorizationTypes, type Authorization, type TokenDomain } from "./eip3009";

/**
 * The account whose EIP-712 signature `signature` (65 bytes, v as 0/1 or 27/28) is over the
 * authorization in `domain`, or null when it recovers to none. What viem's recoverTypedDataAddress
 * answers, but synchronous: viem loads the curve with a dynamic import on every call, which under a
 * module loader (tsx) crosses its thread each time.
 */
export function authorizationSigner(
  domain: TokenDomain,
  authorization: Authorization,
  signature: Hex,
): Address | null {
  if (signature.length !== 132) return null;
  try {
    const hash = hashTypedData({
      domain,
      types: authorizationTypes,
      primaryType: "TransferWithAuthorization",
      message: authorization,
    });
    const v = hexToNumber(`0x${signature.slice(130)}`);
    const recovery = v === 0 || v === 1 ? v : v === 27 || v === 28 ? v - 27 : null;
    if (recovery === null) return null;
    const publicKey = secp256k1.Signature.fromCompact(signature.slice(2, 130))
      .addRecoveryBit(recovery)
      .recoverPublicKey(hash.slice(2))
      .toHex(false);
    return publicKeyToAddress(`0x${publicKey}`);
  } catch {
    return null;
  }
}
