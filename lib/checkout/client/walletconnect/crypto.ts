// The WalletConnect v2 crypto the checkout needs, as @walletconnect/utils defines it: X25519 key
// agreement, HKDF-SHA256 symmetric keys, topics that are the SHA-256 of a key, and "type 0"
// envelopes (a 0 byte, a 12-byte nonce, ChaCha20-Poly1305 sealed JSON, all base64).
import { chacha20poly1305 } from "@noble/ciphers/chacha.js";
import { x25519 } from "@noble/curves/ed25519.js";
import { hkdf } from "@noble/hashes/hkdf.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes, randomBytes } from "@noble/hashes/utils.js";

export type KeyPair = { privateKey: string; publicKey: string };

export function generateKeyPair(): KeyPair {
  const privateKey = x25519.utils.randomSecretKey();
  return { privateKey: bytesToHex(privateKey), publicKey: bytesToHex(x25519.getPublicKey(privateKey)) };
}

export const randomKey = (): string => bytesToHex(randomBytes(32));

/** The symmetric key two parties share after exchanging X25519 public keys. */
export function deriveSymKey(privateKey: string, peerPublicKey: string): string {
  const shared = x25519.getSharedSecret(hexToBytes(privateKey), hexToBytes(peerPublicKey));
  return bytesToHex(hkdf(sha256, shared, undefined, undefined, 32));
}

/** A session's topic: the SHA-256 of its symmetric key. */
export const topicOf = (symKey: string): string => bytesToHex(sha256(hexToBytes(symKey)));

export function encrypt(symKey: string, message: string): string {
  const iv = randomBytes(12);
  const sealed = chacha20poly1305(hexToBytes(symKey), iv).encrypt(new TextEncoder().encode(message));
  return toBase64(concat(new Uint8Array([0]), iv, sealed));
}

/** Opens a type 0 envelope; throws when it is not one or was not sealed with this key. */
export function decrypt(symKey: string, envelope: string): string {
  const bytes = fromBase64(envelope);
  if (bytes[0] !== 0) throw new Error(`Unsupported envelope type ${bytes[0]}`);
  const opened = chacha20poly1305(hexToBytes(symKey), bytes.slice(1, 13)).decrypt(bytes.slice(13));
  return new TextDecoder().decode(opened);
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}
