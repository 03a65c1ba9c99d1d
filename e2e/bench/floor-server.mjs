// The floor: the least a server can do to answer the bench's API requests while sending PostgreSQL
// exactly what the app sends (floor-statements.mjs: the same SQL, the same prepared and unnamed
// statements, round trips and transactions, the same key and final-status caching, rate-limit
// leases and request-log batches). The bench traces both over the same requests and stops when they
// differ, then reports the app's figures beside this one's. What the floor leaves out is the app's
// own code: routing, validation, error mapping, Prisma, request context, security headers.
import crypto from "node:crypto";
import http from "node:http";
import pg from "pg";
import { secp256k1 } from "@noble/curves/secp256k1";
import { hashTypedData } from "viem";
import { publicKeyToAddress } from "viem/accounts";
import * as sql from "./floor-statements.mjs";

const { DATABASE_URL, PORT = "3999", KEY_HMAC_SECRET_HEX, ENCRYPTION_KEY_HEX } = process.env;
const burst = Number(process.env.RATE_LIMIT_BURST ?? 1_000_000);
const ratePerSecond = Number(process.env.RATE_LIMIT_PER_SECOND ?? 1_000_000);
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
const hmacKey = Buffer.from(KEY_HMAC_SECRET_HEX, "hex");
const encryptionKey = Buffer.from(ENCRYPTION_KEY_HEX, "hex");
const prepared = (name, text, values) => pool.query({ name, text, values });

// The app remembers a verified key for a second, then reads it again (key, account, creator's role),
// once: requests that arrive while the read is under way wait for it.
const verified = new Map();
const reading = new Map();
async function authenticate(key) {
  if (!/^svc_(test|live)_[0-9A-Za-z]{32}$/.test(key ?? "")) return null;
  const hash = crypto.createHmac("sha256", hmacKey).update(key).digest("hex");
  const known = verified.get(hash);
  if (known && known.until > Date.now()) return known.key;
  let read = reading.get(hash);
  if (!read) {
    read = readKey(key, hash).finally(() => reading.delete(hash));
    reading.set(hash, read);
  }
  return read;
}
async function readKey(key, hash) {
  const [row] = (await pool.query(sql.apiKeyByPrefix, [key.slice(0, 17), 1, 0])).rows;
  if (
    !row ||
    row.revokedAt ||
    !crypto.timingSafeEqual(Buffer.from(row.hash, "hex"), Buffer.from(hash, "hex"))
  )
    return null;
  await pool.query(sql.accountApiVersion, [row.accountId, 0]);
  if (row.createdById) await pool.query(sql.creatorMembership, [row.accountId, row.createdById, 1, 0]);
  verified.set(hash, { key: row, until: Date.now() + 1000 });
  return row;
}

// Rate limit: a lease of 20 tokens for a second per key, refilled from the shared bucket.
const leases = new Map();
async function consumeRateLimit(key) {
  const bucket = `key:${key.id}`;
  const lease = leases.get(bucket) ?? { tokens: 0, until: 0 };
  leases.set(bucket, lease);
  while (!(lease.tokens >= 1 && lease.until > Date.now())) {
    lease.refill ??= pool
      .query(sql.rateLimitRefill, [bucket, burst - 20, burst, ratePerSecond, 20, burst, ratePerSecond, 20])
      .then(() => {
        lease.tokens = 20;
        lease.until = Date.now() + 1000;
      })
      .finally(() => (lease.refill = undefined));
    await lease.refill;
  }
  lease.tokens -= 1;
}

// The request log: entries pile up and one insert writes each batch (500 at most, or after a second).
const pending = [];
let flushTimer = null;
function logRequest(entry) {
  pending.push(entry);
  if (pending.length >= 500) flush();
  else flushTimer ??= setTimeout(flush, 1000);
}
function flush() {
  clearTimeout(flushTimer);
  flushTimer = null;
  while (pending.length) {
    const batch = pending.splice(0, 500);
    const column = (name) => batch.map((e) => e[name]);
    prepared("request-log-batch", sql.requestLogBatch, [
      column("id"),
      column("accountId"),
      column("mode"),
      column("apiKeyId"),
      column("appId"),
      column("method"),
      column("path"),
      column("status"),
      column("durationMs"),
      column("requestBody"),
      column("errorBody"),
      column("createdAt"),
    ]).catch((error) => console.error("request log", error.message));
  }
}

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}

const id = (prefix) => `${prefix}_${crypto.randomBytes(18).toString("base64url").slice(0, 24)}`;
const finals = new Set(["succeeded", "failed", "cancelled", "expired"]);
const statusAnswer = (p, attempt) => {
  const isFinal = finals.has(p.status);
  return {
    status: p.status,
    isFinal,
    pollInMs: isFinal ? null : 2000,
    info:
      p.status === "succeeded" && p.txId && attempt && p.paidValue !== null
        ? { txId: p.txId, optionAmount: { unit: `caip19/${attempt.asset}`, value: p.paidValue } }
        : null,
  };
};

// Final statuses never change: answered from memory after the first read, as the app does.
const finalStatuses = new Map();
async function paymentStatus(key, paymentId, merchantId) {
  const cacheKey = `${key.accountId}\0${key.mode}\0${merchantId}\0${paymentId}`;
  const cached = finalStatuses.get(cacheKey);
  if (cached) return [200, cached];
  const [open] = (
    await prepared("open-payment-status", sql.openPaymentStatus, [
      paymentId,
      key.accountId,
      key.mode,
      merchantId,
      new Date(),
    ])
  ).rows;
  if (open) return [200, { status: open.status, isFinal: false, pollInMs: 2000, info: null }];
  const [p] = (
    await pool.query(sql.paymentOfMerchant, [paymentId, key.accountId, key.mode, merchantId, 1, 0])
  ).rows;
  if (!p) return [404, { code: "payment_not_found", message: "Payment not found." }];
  const [attempt] = (await pool.query(sql.attemptOfPayment, [p.attemptId, 0])).rows;
  const answer = statusAnswer(p, attempt);
  if (answer.isFinal) finalStatuses.set(cacheKey, answer);
  return [200, answer];
}

async function createPayment(key, merchantId, raw, idempotencyKey) {
  const body = JSON.parse(raw);
  const settlements = await prepared("payment-settlement-assets", sql.settlementAssets, [
    merchantId,
    key.accountId,
    key.mode,
  ]);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + 15 * 60_000);
  const paymentId = id("pay");
  const eventId = `evt_${paymentId.slice(4)}`;
  const actor = `api_key:${key.id}`;
  const answer = {
    id: paymentId,
    status: "requires_action",
    amount: body.amount,
    referenceId: body.referenceId,
    gatewayUrl: `http://localhost/pay/${paymentId}`,
    expiresAt: Math.floor(expiresAt.getTime() / 1000),
    createdAt: now.toISOString(),
    warnings: settlements.rows.length ? [] : ["no_settlement"],
  };
  // The stored answer is sealed (AES-256-GCM), as the app keeps it.
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", encryptionKey, iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(answer), "utf8"), cipher.final()]);
  const { rows } = await prepared("create-payment+key", sql.createPaymentWithKey, [
    merchantId,
    key.accountId,
    key.mode,
    paymentId,
    key.accountId,
    key.mode,
    body.referenceId,
    body.amount.unit,
    body.amount.value,
    expiresAt,
    now,
    now,
    null,
    null,
    null,
    null,
    null,
    `pev_${paymentId.slice(4)}`,
    key.accountId,
    key.mode,
    actor,
    now,
    eventId,
    key.accountId,
    key.mode,
    JSON.stringify({ id: paymentId, ...answer }),
    now,
    ...deliveryParams(key, eventId, now, "payment.created"),
    id("idem"),
    key.accountId,
    key.mode,
    idempotencyKey,
    crypto.createHash("sha256").update(raw).digest("hex"),
    201,
    JSON.stringify({
      sealed: `v1.${iv.toString("base64url")}.${cipher.getAuthTag().toString("base64url")}.${sealed.toString("base64url")}`,
    }),
    now,
    new Date(now.getTime() + 86_400_000),
  ]);
  if (rows[0].written !== 1) return [404, { code: "merchant_not_found", message: "Merchant not found." }];
  return [201, answer];
}

/** The parameters of the app's deliveries CTE (insertDeliveries in lib/domain/events/record-event.ts). */
function deliveryParams(key, eventId, now, type) {
  return [eventId, 24, key.accountId, key.mode, eventId, now, now, key.accountId, key.mode, type, "*"];
}

const authorizationTypes = {
  TransferWithAuthorization: [
    { name: "from", type: "address" },
    { name: "to", type: "address" },
    { name: "value", type: "uint256" },
    { name: "validAfter", type: "uint256" },
    { name: "validBefore", type: "uint256" },
    { name: "nonce", type: "bytes32" },
  ],
};

/** The signer of a 65-byte EIP-712 signature over the authorization, recovered synchronously as the app does. */
function authorizationSigner(domain, message, signature) {
  const hash = hashTypedData({
    domain,
    types: authorizationTypes,
    primaryType: "TransferWithAuthorization",
    message,
  });
  const v = Number.parseInt(signature.slice(130), 16);
  const publicKey = secp256k1.Signature.fromCompact(signature.slice(2, 130))
    .addRecoveryBit(v >= 27 ? v - 27 : v)
    .recoverPublicKey(hash.slice(2))
    .toHex(false);
  return publicKeyToAddress(`0x${publicKey}`);
}

/** The gateway confirm of a test-mode gasless option: the app's one read, the signature recovered, its one write. */
async function confirmOption(key, paymentId, body) {
  const signature = body.results[0].data[0];
  const [row] = (
    await prepared("gateway-confirm-read", sql.gatewayConfirmRead, [
      body.optionId,
      paymentId,
      key.accountId,
      key.mode,
    ])
  ).rows;
  if (!row) return [404, { code: "payment_not_found", message: "Payment not found." }];
  if (
    !row["o.id"] ||
    row["o.confirmedAt"] !== null ||
    row.otherConfirmed ||
    row["p.status"] !== "requires_action"
  )
    return [400, { code: "invalid_state", message: "Not the common case." }];
  const payer = row["o.payer"].split(":").pop();
  const signer = authorizationSigner(
    {
      name: "USD Coin",
      version: "2",
      chainId: Number(row["o.asset"].split("/")[0].split(":")[1]),
      verifyingContract: row["o.asset"].split(":").pop(),
    },
    {
      from: payer,
      to: row["o.destination"].split(":").pop(),
      value: BigInt(row["o.value"]),
      validAfter: BigInt(row["o.validAfter"]),
      validBefore: BigInt(Math.floor(row["o.expiresAt"] / 1000)),
      nonce: row["o.nonce"],
    },
    signature,
  );
  if (signer.toLowerCase() !== payer.toLowerCase())
    return [400, { code: "invalid_params", message: "Bad signature." }];
  const now = new Date().toISOString();
  const actor = `api_key:${key.id}`;
  const version = row["p.version"];
  const optionId = row["o.id"];
  const answer = {
    status: "succeeded",
    isFinal: true,
    pollInMs: null,
    info: {
      txId: `test:${paymentId}`,
      optionAmount: { unit: `caip19/${row["o.asset"]}`, value: row["o.value"] },
    },
  };
  const eventId = id("evt");
  const { rows } = await prepared("gateway-confirm-test", sql.gatewayConfirmTest, [
    optionId,
    2,
    now,
    `test:${paymentId}`,
    row["o.value"],
    payer,
    now,
    paymentId,
    version,
    now,
    optionId,
    paymentId,
    now,
    signature.toLowerCase(),
    optionId,
    id("pev"),
    key.accountId,
    key.mode,
    version + 1,
    actor,
    JSON.stringify({
      optionId,
      method: row["o.method"],
      payer: row["o.payer"],
      asset: row["o.asset"],
      value: row["o.value"],
    }),
    now,
    id("pev"),
    key.accountId,
    key.mode,
    version + 2,
    actor,
    JSON.stringify({ gateway: true, optionId }),
    now,
    eventId,
    key.accountId,
    key.mode,
    JSON.stringify({ id: paymentId, ...answer, referenceId: row["p.referenceId"], version: version + 2 }),
    now,
    ...deliveryParams(key, eventId, now, "payment.succeeded"),
    "tollgate_payment_changed",
  ]);
  if (rows.length !== 1)
    return [409, { code: "conflict", message: "The payment changed at the same moment." }];
  return [200, answer];
}

async function readBody(req) {
  let raw = "";
  for await (const chunk of req) raw += chunk;
  return raw;
}

async function route(req, key) {
  const status = /^\/v1\/payments\/(pay_[0-9A-Za-z_-]+)\/status$/.exec(req.url);
  if (req.method === "GET" && status) return paymentStatus(key, status[1], req.headers["merchant-id"]);
  if (req.method === "POST" && req.url === "/v1/payments") {
    const raw = await readBody(req);
    return [
      ...(await createPayment(key, req.headers["merchant-id"], raw, req.headers["idempotency-key"])),
      raw,
    ];
  }
  const confirm = /^\/v1\/gateway\/payment\/([^/]+)\/confirm$/.exec(req.url);
  if (req.method === "POST" && confirm) {
    const raw = await readBody(req);
    return [...(await confirmOption(key, confirm[1], JSON.parse(raw))), raw];
  }
  return [404, { code: "not_found", message: "No such route." }];
}

http
  .createServer(async (req, res) => {
    const started = performance.now();
    try {
      if (req.url === "/") return send(res, 200, { ok: true });
      const key = await authenticate(req.headers["api-key"]);
      if (!key) return send(res, 401, { code: "invalid_api_key", message: "invalid" });
      await consumeRateLimit(key);
      const [status, body, raw] = await route(req, key);
      send(res, status, body);
      logRequest({
        id: id("req"),
        accountId: key.accountId,
        mode: key.mode,
        apiKeyId: key.id,
        appId: null,
        method: req.method,
        path: req.url,
        status,
        durationMs: Math.round(performance.now() - started),
        requestBody: raw ?? null,
        errorBody: status >= 400 ? JSON.stringify(body) : null,
        createdAt: new Date(),
      });
    } catch (error) {
      send(res, 500, { code: "internal_error", message: String(error) });
    }
  })
  .listen(Number(PORT), "127.0.0.1", () => console.log(`floor listening on ${PORT}`));
