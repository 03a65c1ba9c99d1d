// The token a WalletConnect relay asks of every client (@walletconnect/relay-auth): a JWT signed
// with a throwaway Ed25519 key, its issuer that key as a did:key, its audience the relay's URL.
import { ed25519 } from "@noble/curves/ed25519.js";
import { bytesToHex, randomBytes } from "@noble/hashes/utils.js";
import { concat, toBase64 } from "./crypto";

const base64url = (bytes: Uint8Array) => toBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const json = (value: unknown) => base64url(new TextEncoder().encode(JSON.stringify(value)));

const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

function base58btc(bytes: Uint8Array): string {
  let n = BigInt(`0x${bytesToHex(bytes) || "0"}`);
  let out = "";
  while (n > 0n) {
    out = alphabet[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}

/** did:key of an Ed25519 public key: multicodec 0xed 0x01, then the key, base58btc with a "z". */
export const didKey = (publicKey: Uint8Array) => `did:key:z${base58btc(concat(new Uint8Array([0xed, 0x01]), publicKey))}`;

export function relayAuthToken(relayUrl: string, ttlSeconds = 86_400, now = Math.floor(Date.now() / 1000)): string {
  const secretKey = ed25519.utils.randomSecretKey();
  const payload = { iss: didKey(ed25519.getPublicKey(secretKey)), sub: bytesToHex(randomBytes(32)), aud: relayUrl, iat: now, exp: now + ttlSeconds };
  const data = `${json({ alg: "EdDSA", typ: "JWT" })}.${json(payload)}`;
  return `${data}.${base64url(ed25519.sign(new TextEncoder().encode(data), secretKey))}`;
}
