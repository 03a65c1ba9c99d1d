// The floor: the least a server can do to answer the same two requests — a bare node:http server
// running the same SQL the app needs (find the key by prefix, compare its HMAC, read or write the
// payment). The app's figures are reported as a ratio of this one's, measured in the same run.
import crypto from "node:crypto";
import http from "node:http";
import pg from "pg";
import { recoverTypedDataAddress } from "viem";

const { DATABASE_URL, PORT = "3999", KEY_HMAC_SECRET_HEX } = process.env;
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
const hmacKey = Buffer.from(KEY_HMAC_SECRET_HEX, "hex");

async function authenticate(key) {
  const match = /^svc_(test|live)_[0-9A-Za-z]{32}$/.exec(key ?? "");
  if (!match) return null;
  const { rows } = await pool.query(
    'SELECT id, "accountId", mode, hash, "revokedAt" FROM "ApiKey" WHERE prefix = $1',
    [key.slice(0, 17)],
  );
  const row = rows[0];
  const hash = crypto.createHmac("sha256", hmacKey).update(key).digest();
  if (!row || row.revokedAt || !crypto.timingSafeEqual(Buffer.from(row.hash, "hex"), hash)) return null;
  return row;
}

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}

const finals = new Set(["succeeded", "failed", "cancelled", "expired"]);

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

/** The gateway confirm of a test-mode gasless option: the signature recovered, then the app's SQL in one transaction. */
async function confirmOption(key, paymentId, body) {
  const signature = body.results[0].data[0];
  const {
    rows: [option],
  } = await pool.query(
    'SELECT * FROM "GatewayOption" WHERE id = $1 AND "paymentId" = $2 AND "accountId" = $3 AND mode = $4',
    [body.optionId, paymentId, key.accountId, key.mode],
  );
  if (!option) return { code: "invalid_params", message: "Unknown option." };
  const asset = option.asset.split(":").pop();
  const signer = await recoverTypedDataAddress({
    domain: {
      name: "USD Coin",
      version: "2",
      chainId: Number(option.asset.split("/")[0].split(":")[1]),
      verifyingContract: asset,
    },
    types: authorizationTypes,
    primaryType: "TransferWithAuthorization",
    message: {
      from: option.payer.split(":").pop(),
      to: option.destination.split(":").pop(),
      value: BigInt(option.value),
      validAfter: 0n,
      validBefore: BigInt(Math.floor(option.expiresAt.getTime() / 1000)),
      nonce: option.nonce,
    },
    signature,
  });
  if (signer.toLowerCase() !== option.payer.split(":").pop().toLowerCase())
    return { code: "invalid_params", message: "Bad signature." };
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const claimed = await client.query(
      'UPDATE "GatewayOption" SET "confirmedAt" = now(), result = $2 WHERE id = $1 AND "confirmedAt" IS NULL',
      [option.id, signature.toLowerCase()],
    );
    if (claimed.rowCount === 0) {
      await client.query("ROLLBACK");
      return { status: "succeeded", isFinal: true };
    }
    const {
      rows: [p],
    } = await client.query('SELECT * FROM "Payment" WHERE id = $1', [paymentId]);
    await client.query(
      'UPDATE "Payment" SET "optionSettlementId" = $2, "optionAsset" = $3, "optionDestination" = $4, "optionValue" = $5, "quotedAt" = $6, version = version + 1 WHERE id = $1 AND version = $7',
      [
        paymentId,
        option.settlementId,
        option.asset,
        option.destination,
        option.value,
        option.createdAt,
        p.version,
      ],
    );
    await client.query(
      'INSERT INTO "PaymentEvent" (id, "accountId", mode, "paymentId", version, type, actor, data) VALUES ($1, $2, $3, $4, $5, \'payment.option_confirmed\', $6, $7)',
      [
        `pev_${crypto.randomUUID()}`,
        key.accountId,
        key.mode,
        paymentId,
        p.version + 1,
        `api_key:${key.id}`,
        { optionId: option.id },
      ],
    );
    const {
      rows: [paid],
    } = await client.query(
      'UPDATE "Payment" SET status = \'succeeded\', version = version + 1, "finalizedAt" = now(), "txId" = $2, "paidValue" = $3, "payerAddress" = $4, "updatedAt" = now() WHERE id = $1 AND version = $5 AND status = \'requires_action\' RETURNING *',
      [paymentId, `test:${paymentId}`, option.value, option.payer.split(":").pop(), p.version + 1],
    );
    await client.query(
      'INSERT INTO "PaymentEvent" (id, "accountId", mode, "paymentId", version, type, "fromStatus", "toStatus", actor) VALUES ($1, $2, $3, $4, $5, \'payment.succeeded\', \'requires_action\', \'succeeded\', $6)',
      [`pev_${crypto.randomUUID()}`, key.accountId, key.mode, paymentId, p.version + 2, `api_key:${key.id}`],
    );
    const response = {
      status: "succeeded",
      isFinal: true,
      pollInMs: null,
      info: { txId: paid.txId, optionAmount: { unit: `caip19/${option.asset}`, value: option.value } },
    };
    await client.query(
      'INSERT INTO "Event" (id, "accountId", mode, type, data, "paymentId") VALUES ($1, $2, $3, \'payment.succeeded\', $4, $5)',
      [`evt_${crypto.randomUUID()}`, key.accountId, key.mode, { id: paymentId, ...response }, paymentId],
    );
    await client.query(
      "SELECT id FROM \"WebhookEndpoint\" WHERE \"accountId\" = $1 AND mode = $2 AND enabled AND ('payment.succeeded' = ANY(events) OR '*' = ANY(events))",
      [key.accountId, key.mode],
    );
    await client.query("COMMIT");
    return response;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

http
  .createServer(async (req, res) => {
    try {
      const key = await authenticate(req.headers["api-key"]);
      if (!key) return send(res, 401, { code: "invalid_api_key", message: "invalid" });
      const status = /^\/v1\/payments\/([^/]+)\/status$/.exec(req.url);
      if (req.method === "GET" && status) {
        const { rows } = await pool.query(
          'SELECT status, "txId", "optionAsset", "paidValue" FROM "Payment" WHERE id = $1 AND "accountId" = $2 AND mode = $3 AND "merchantId" = $4',
          [status[1], key.accountId, key.mode, req.headers["merchant-id"]],
        );
        const p = rows[0];
        if (!p) return send(res, 404, { code: "not_found", message: "Payment not found." });
        const isFinal = finals.has(p.status);
        return send(res, 200, {
          status: p.status,
          isFinal,
          pollInMs: isFinal ? null : 2000,
          info:
            p.status === "succeeded"
              ? { txId: p.txId, optionAmount: { unit: `caip19/${p.optionAsset}`, value: p.paidValue } }
              : null,
        });
      }
      if (req.method === "POST" && req.url === "/v1/payments") {
        let raw = "";
        for await (const chunk of req) raw += chunk;
        const body = JSON.parse(raw);
        const client = await pool.connect();
        try {
          await client.query("BEGIN");
          const merchant = await client.query(
            'SELECT id FROM "Merchant" WHERE id = $1 AND "accountId" = $2 AND mode = $3 AND "deletedAt" IS NULL',
            [req.headers["merchant-id"], key.accountId, key.mode],
          );
          if (!merchant.rows[0]) {
            await client.query("ROLLBACK");
            return send(res, 404, { code: "not_found", message: "Merchant not found." });
          }
          const idem = req.headers["idempotency-key"];
          if (idem) {
            await client.query(
              'INSERT INTO "IdempotencyRecord" (id, "accountId", mode, key, "requestHash", state, "expiresAt") VALUES ($1, $2, $3, $4, $5, \'in_progress\', now() + interval \'1 day\')',
              [
                `idem_${crypto.randomUUID()}`,
                key.accountId,
                key.mode,
                idem,
                crypto.createHash("sha256").update(raw).digest("hex"),
              ],
            );
          }
          const id = `pay_${crypto.randomBytes(18).toString("base64url").slice(0, 24)}`;
          const { rows } = await client.query(
            'INSERT INTO "Payment" (id, "accountId", mode, "merchantId", "referenceId", "amountUnit", "amountValue", "expiresAt", "updatedAt") VALUES ($1, $2, $3, $4, $5, $6, $7, now() + interval \'15 minutes\', now()) RETURNING "createdAt", "expiresAt"',
            [
              id,
              key.accountId,
              key.mode,
              req.headers["merchant-id"],
              body.referenceId,
              body.amount.unit,
              body.amount.value,
            ],
          );
          await client.query(
            'INSERT INTO "PaymentEvent" (id, "accountId", mode, "paymentId", version, type, "toStatus", actor) VALUES ($1, $2, $3, $4, 1, \'payment.created\', \'requires_action\', $5)',
            [`pev_${id.slice(4)}`, key.accountId, key.mode, id, `api_key:${key.id}`],
          );
          const response = {
            id,
            status: "requires_action",
            amount: body.amount,
            referenceId: body.referenceId,
            gatewayUrl: `http://localhost/pay/${id}`,
            expiresAt: rows[0].expiresAt,
            createdAt: rows[0].createdAt,
          };
          // The outbox: the payment.created event and a delivery per subscribed endpoint, as the app writes them.
          const eventId = `evt_${id.slice(4)}`;
          await client.query(
            'INSERT INTO "Event" (id, "accountId", mode, type, data) VALUES ($1, $2, $3, \'payment.created\', $4)',
            [eventId, key.accountId, key.mode, response],
          );
          await client.query(
            "SELECT id FROM \"WebhookEndpoint\" WHERE \"accountId\" = $1 AND mode = $2 AND enabled AND ('payment.created' = ANY(events) OR '*' = ANY(events))",
            [key.accountId, key.mode],
          );
          if (idem)
            await client.query(
              'UPDATE "IdempotencyRecord" SET state = \'completed\', "responseStatus" = 201, "responseBody" = $1 WHERE "accountId" = $2 AND mode = $3 AND key = $4',
              [response, key.accountId, key.mode, idem],
            );
          await client.query("COMMIT");
          return send(res, 201, response);
        } catch (error) {
          await client.query("ROLLBACK").catch(() => {});
          throw error;
        } finally {
          client.release();
        }
      }
      const confirm = /^\/v1\/gateway\/payment\/([^/]+)\/confirm$/.exec(req.url);
      if (req.method === "POST" && confirm) {
        let raw = "";
        for await (const chunk of req) raw += chunk;
        return send(res, 200, await confirmOption(key, confirm[1], JSON.parse(raw)));
      }
      send(res, 404, { code: "not_found", message: "No such route." });
    } catch (error) {
      send(res, 500, { code: "internal_error", message: String(error) });
    }
  })
  .listen(Number(PORT), "127.0.0.1", () => console.log(`floor listening on ${PORT}`));
