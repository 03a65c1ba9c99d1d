// Prefixed random ids, e.g. `pay_4Xq0c9ZkP1sWmB7tR2yLhE3v`.

export const ID_PREFIXES = {
  account: "acct",
  user: "user",
  membership: "mem",
  invitation: "inv",
  apiKey: "key",
  publicApp: "app",
  request: "req",
  merchant: "mrch",
  fiatSettlement: "fiat",
  cryptoSettlement: "crypto",
  payment: "pay",
  paymentEvent: "pev",
  refund: "re",
  webhookEndpoint: "we",
  event: "evt",
  webhookDelivery: "whd",
  auditLog: "aud",
  idempotency: "idem",
  transfer: "tx",
} as const;

export type IdKind = keyof typeof ID_PREFIXES;
export type IdPrefix = (typeof ID_PREFIXES)[IdKind];
export type Id<P extends IdPrefix = IdPrefix> = `${P}_${string}`;

export const ID_RANDOM_LENGTH = 24;

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
// The largest multiple of 62 that fits in a byte is 248; bytes at or above it are discarded so
// that `byte % 62` is uniform.
const BYTE_LIMIT = 256 - (256 % 62);
// getRandomValues refuses more than 65536 bytes per call.
const MAX_CHUNK = 65536;

/** `length` uniformly random characters from [0-9A-Za-z], from the platform CSPRNG. */
export function randomBase62(length: number): string {
  if (!Number.isSafeInteger(length) || length < 0) {
    throw new RangeError(`length must be a non-negative integer (got ${length})`);
  }
  let out = "";
  while (out.length < length) {
    // About 3% of bytes are rejected; ask for a little more than needed.
    const want = Math.min(MAX_CHUNK, Math.ceil((length - out.length) * 1.1) + 4);
    const bytes = globalThis.crypto.getRandomValues(new Uint8Array(want));
    for (const byte of bytes) {
      if (byte >= BYTE_LIMIT) continue;
      out += BASE62.charAt(byte % 62);
      if (out.length === length) break;
    }
  }
  return out;
}

export function newId<P extends IdPrefix>(prefix: P): Id<P> {
  return `${prefix}_${randomBase62(ID_RANDOM_LENGTH)}`;
}

const ID_SHAPES = new Map<string, RegExp>(
  Object.values(ID_PREFIXES).map((p) => [p, new RegExp(`^${p}_[0-9A-Za-z]{${ID_RANDOM_LENGTH}}$`)]),
);

/** Whether `value` has exactly the shape of an id with this prefix (say, to 404 early). */
export function isId<P extends IdPrefix>(prefix: P, value: unknown): value is Id<P> {
  return typeof value === "string" && (ID_SHAPES.get(prefix)?.test(value) ?? false);
}
