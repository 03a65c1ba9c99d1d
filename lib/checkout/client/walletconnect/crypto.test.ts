import { decodeJWT, verifyJWT } from "@walletconnect/relay-auth";
import * as wc from "@walletconnect/utils";
import { describe, expect, it } from "vitest";
import { decrypt, deriveSymKey, encrypt, generateKeyPair, randomKey, topicOf } from "./crypto";
import { relayAuthToken } from "./relay-auth";

// Checked against WalletConnect's own implementation, which every wallet runs.
describe("WalletConnect crypto, as @walletconnect/utils does it", () => {
  it("derives the same symmetric key and topic as the wallet side", () => {
    const ours = generateKeyPair();
    const theirs = wc.generateKeyPair();
    const symKey = deriveSymKey(ours.privateKey, theirs.publicKey);
    expect(symKey).toBe(wc.deriveSymKey(theirs.privateKey, ours.publicKey));
    expect(topicOf(symKey)).toBe(wc.hashKey(symKey));
  });

  it("seals envelopes a wallet opens, and opens the wallet's", () => {
    const symKey = randomKey();
    const message = JSON.stringify({ id: 1, jsonrpc: "2.0", method: "wc_sessionPropose", params: { note: "päy ✓" } });
    expect(wc.decrypt({ symKey, encoded: encrypt(symKey, message) })).toBe(message);
    expect(decrypt(symKey, wc.encrypt({ symKey, message }))).toBe(message);
  });

  it("refuses an envelope sealed with another key", () => {
    const message = encrypt(randomKey(), "{}");
    expect(() => decrypt(randomKey(), message)).toThrow();
  });
});

describe("relay auth token", () => {
  it("is a JWT the relay's own library verifies, for the relay's URL", async () => {
    const token = relayAuthToken("wss://relay.walletconnect.com", 3600, 1_800_000_000);
    expect(await verifyJWT(token)).toBe(true);
    const { header, payload } = decodeJWT(token);
    expect(header).toEqual({ alg: "EdDSA", typ: "JWT" });
    expect(payload).toMatchObject({ aud: "wss://relay.walletconnect.com", iat: 1_800_000_000, exp: 1_800_003_600 });
    expect(payload.iss).toMatch(/^did:key:z6Mk/);
  });

  it("fails verification when tampered with", async () => {
    const [head, , signature] = relayAuthToken("wss://relay.walletconnect.com").split(".");
    const forged = Buffer.from(JSON.stringify({ iss: "did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK", aud: "x", iat: 1, exp: 2, sub: "0" })).toString("base64url");
    expect(await verifyJWT(`${head}.${forged}.${signature}`)).toBe(false);
  });
});
