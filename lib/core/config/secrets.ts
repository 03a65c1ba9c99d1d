import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/core/config/env";

// One root secret; every use gets its own key derived from it, so rotating one use never needs
// another's key and a leaked derived key reveals nothing about the others.
let rootSecret: string | undefined;

function root(): string {
  if (rootSecret) return rootSecret;
  if (env.TOLLGATE_SECRET) return (rootSecret = env.TOLLGATE_SECRET);
  const file = path.join(env.DATA_DIR, "secret.key");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(env.DATA_DIR, { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
  }
  return (rootSecret = fs.readFileSync(file, "utf8").trim());
}

export type SecretPurpose =
  | "api-key-hash"
  | "session"
  | "encryption"
  | "invite-token"
  | "bank-account"
  | "recovery-code";

const derivedKeys = new Map<SecretPurpose, Buffer>();

export function derivedKey(purpose: SecretPurpose): Buffer {
  let key = derivedKeys.get(purpose);
  if (!key)
    derivedKeys.set(purpose, (key = Buffer.from(crypto.hkdfSync("sha256", root(), "tollgate", purpose, 32))));
  return key;
}

export function hmacHex(purpose: SecretPurpose, value: string): string {
  return crypto.createHmac("sha256", derivedKey(purpose)).update(value).digest("hex");
}

export function constantTimeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

/** AES-256-GCM for secrets we must be able to read back (webhook signing secrets). */
export function encrypt(plaintext: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", derivedKey("encryption"), iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [
    "v1",
    iv.toString("base64url"),
    cipher.getAuthTag().toString("base64url"),
    body.toString("base64url"),
  ].join(".");
}

export function decrypt(sealed: string): string {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || !body) throw new Error("Unrecognised encrypted value");
  const decipher = crypto.createDecipheriv(
    "aes-256-gcm",
    derivedKey("encryption"),
    Buffer.from(iv, "base64url"),
  );
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}
