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
  paymentAttempt: "opt",
  relayerSubmission: "rly",
  userSession: "sess",
  recoveryCode: "rcv",
  emailToken: "etok",
  outboundEmail: "mail",
  passwordResetRequest: "pwr",
  paymentLink: "plink",
  passkey: "pkey",
  webauthnChallenge: "wch",
  unmatchedTransfer: "utx",
  x402Payment: "x402",
  depositAddress: "dep",
  depositSweep: "swp",
} as const;

export type IdKind = keyof typeof ID_PREFIXES;
export type IdPrefix = (typeof ID_PREFIXES)[IdKind];
export type Id<P extends IdPrefix = IdPrefix> = `${P}_${string}`;

export const ID_RANDOM_LENGTH = 24;

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
// The largest multiple of 62 that fits in a byte is 248; bytes at or above it are discarded so
// that `byte % 62` is uniform.
const BYTE_LIMIT = 256 - (256 % 62);
// Bytes are drawn from a pool filled by the CSPRNG a few kilobytes at a time (as Node's randomUUID
// does), so making an id is not a call into the platform's random source each time.
const pool = new Uint8Array(4096);
let poolAt = pool.length;

function randomByte(): number {
  if (poolAt === pool.length) {
    globalThis.crypto.getRandomValues(pool);
    poolAt = 0;
  }
  return pool[poolAt++]!;
}

/** `length` uniformly random characters from [0-9A-Za-z], from the platform CSPRNG. */
export function randomBase62(length: number): string {
  return base62FromBytes(length, randomByte);
}

/** `length` characters from [0-9A-Za-z], drawing bytes from `nextByte` and dropping those ≥ 248. */
export function base62FromBytes(length: number, nextByte: () => number): string {
  if (!Number.isSafeInteger(length) || length < 0) {
    throw new RangeError(`length must be a non-negative integer (got ${length})`);
  }
  let out = "";
  while (out.length < length) {
    const byte = nextByte();
    if (byte < BYTE_LIMIT) out += BASE62.charAt(byte % 62);
  }
  return out;
}

export function newId<P extends IdPrefix>(prefix: P): Id<P> {
  return `${prefix}_${randomBase62(ID_RANDOM_LENGTH)}`;
}

/** The exact shape of an id with this prefix. */
export const idPattern = (prefix: IdPrefix): RegExp =>
  new RegExp(`^${prefix}_[0-9A-Za-z]{${ID_RANDOM_LENGTH}}$`);

const ID_SHAPES = new Map<string, RegExp>(Object.values(ID_PREFIXES).map((p) => [p, idPattern(p)]));

/** Whether `value` has exactly the shape of an id with this prefix (say, to 404 early). */
export function isId<P extends IdPrefix>(prefix: P, value: unknown): value is Id<P> {
  return typeof value === "string" && (ID_SHAPES.get(prefix)?.test(value) ?? false);
}
