// The app's own statements, as its trace shows them (TRACES.md, written by npm run bench): the
// floor sends exactly these, and the bench stops when the floor's trace differs from the app's, so
// a change to the app's SQL shows here as a failed check. Whitespace is not compared.

// prepared "open-payment-status": the status of a payment still open
export const openPaymentStatus =
  'SELECT status FROM "Payment" WHERE id = $1 AND "accountId" = $2 AND mode = $3::"Mode" AND "merchantId" = $4 AND (status = \'processing\' OR (status = \'requires_action\' AND "expiresAt" > $5::timestamp(3)))';

// a payment read in full for its status (Prisma findFirst)
export const paymentOfMerchant =
  'SELECT "public"."Payment"."id", "public"."Payment"."accountId", "public"."Payment"."mode"::text, "public"."Payment"."merchantId", "public"."Payment"."referenceId", "public"."Payment"."amountUnit", "public"."Payment"."amountValue", "public"."Payment"."status"::text, "public"."Payment"."version", "public"."Payment"."collectedData", "public"."Payment"."collectedDataAt", "public"."Payment"."expiresAt", "public"."Payment"."createdAt", "public"."Payment"."updatedAt", "public"."Payment"."finalizedAt", "public"."Payment"."attemptId", "public"."Payment"."txId", "public"."Payment"."paidValue", "public"."Payment"."payerAddress", "public"."Payment"."relayGasUsed", "public"."Payment"."relayGasCostWei", "public"."Payment"."failureReason", "public"."Payment"."checkoutSuccessUrl", "public"."Payment"."checkoutErrorUrl", "public"."Payment"."receiptToken", "public"."Payment"."buyerEmail", "public"."Payment"."paymentLinkId", "public"."Payment"."refundedValue", "public"."Payment"."exceptionType"::text, "public"."Payment"."exceptionAsset", "public"."Payment"."exceptionExpected", "public"."Payment"."exceptionReceived", "public"."Payment"."exceptionTxHash", "public"."Payment"."exceptionResolution", "public"."Payment"."exceptionResolvedAt", "public"."Payment"."searchText" FROM "public"."Payment" WHERE ("public"."Payment"."id" = $1 AND "public"."Payment"."accountId" = $2 AND "public"."Payment"."mode" = CAST($3::text AS "public"."Mode") AND "public"."Payment"."merchantId" = $4) LIMIT $5 OFFSET $6';

// … and its attempt (the findFirst's include: withAttempt; sent even when the payment names none)
export const attemptOfPayment =
  'SELECT "public"."PaymentAttempt"."id", "public"."PaymentAttempt"."accountId", "public"."PaymentAttempt"."mode"::text, "public"."PaymentAttempt"."paymentId", "public"."PaymentAttempt"."settlementId", "public"."PaymentAttempt"."asset", "public"."PaymentAttempt"."destination", "public"."PaymentAttempt"."payer", "public"."PaymentAttempt"."value", "public"."PaymentAttempt"."method", "public"."PaymentAttempt"."nonce", "public"."PaymentAttempt"."validAfter", "public"."PaymentAttempt"."transaction", "public"."PaymentAttempt"."expiresAt", "public"."PaymentAttempt"."confirmedAt", "public"."PaymentAttempt"."result", "public"."PaymentAttempt"."supersededAt", "public"."PaymentAttempt"."createdAt" FROM "public"."PaymentAttempt" WHERE "public"."PaymentAttempt"."id" IN ($1) OFFSET $2';

// the rate limit's lease refill: 20 tokens at a time (lib/core/limits/rate-limit.ts)
export const rateLimitRefill =
  'INSERT INTO "RateLimitBucket" AS b ("key", "tokens", "updatedAt") VALUES ($1, $2, clock_timestamp()) ON CONFLICT ("key") DO UPDATE SET "tokens" = LEAST($3::float8, b."tokens" + EXTRACT(EPOCH FROM clock_timestamp() - b."updatedAt") * $4::float8) - $5::float8, "updatedAt" = clock_timestamp() WHERE LEAST($6::float8, b."tokens" + EXTRACT(EPOCH FROM clock_timestamp() - b."updatedAt") * $7::float8) >= $8::float8 RETURNING "tokens"';

// the key's verification, once a second: the key (Prisma findUnique)
export const apiKeyByPrefix =
  'SELECT "public"."ApiKey"."id", "public"."ApiKey"."accountId", "public"."ApiKey"."mode"::text, "public"."ApiKey"."name", "public"."ApiKey"."prefix", "public"."ApiKey"."hash", "public"."ApiKey"."last4", "public"."ApiKey"."permissions", "public"."ApiKey"."createdById", "public"."ApiKey"."createdAt", "public"."ApiKey"."lastUsedAt", "public"."ApiKey"."revokedAt" FROM "public"."ApiKey" WHERE ("public"."ApiKey"."prefix" = $1 AND 1=1) LIMIT $2 OFFSET $3';

// … its account's API version (the same findUnique's include)
export const accountApiVersion =
  'SELECT "public"."Account"."id", "public"."Account"."apiVersion" FROM "public"."Account" WHERE "public"."Account"."id" = $1 OFFSET $2';

// … its creator's role
export const creatorMembership =
  'SELECT "public"."Membership"."id", "public"."Membership"."role"::text FROM "public"."Membership" WHERE (("public"."Membership"."accountId" = $1 AND "public"."Membership"."userId" = $2) AND 1=1) LIMIT $3 OFFSET $4';

// prepared "request-log-batch": the request log, one insert per batch (lib/domain/request-log/buffer.ts)
export const requestLogBatch =
  'INSERT INTO "RequestLog" ("id", "accountId", "mode", "apiKeyId", "appId", "method", "path", "status", "durationMs", "requestBody", "errorBody", "createdAt") SELECT id, "accountId", mode::"Mode", "apiKeyId", "appId", method, path, status, "durationMs", "requestBody"::jsonb, "errorBody"::jsonb, "createdAt" AT TIME ZONE \'UTC\' FROM unnest( $1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[], $9::int[], $10::text[], $11::text[], $12::timestamptz[] ) AS t(id, "accountId", mode, "apiKeyId", "appId", method, path, status, "durationMs", "requestBody", "errorBody", "createdAt") ON CONFLICT DO NOTHING';

// prepared "payment-settlement-assets": the create's read
export const settlementAssets =
  'SELECT asset FROM "CryptoSettlement" WHERE "merchantId" = $1 AND "accountId" = $2 AND mode = $3::"Mode"';

// prepared "create-payment+key": the create's one write, with its Idempotency-Key record
export const createPaymentWithKey =
  'WITH merchant AS ( SELECT id FROM "Merchant" WHERE id = $1 AND "accountId" = $2 AND mode = $3::"Mode" AND "deletedAt" IS NULL ), payment AS ( INSERT INTO "Payment" (id, "accountId", mode, "merchantId", "referenceId", "amountUnit", "amountValue", status, version, "expiresAt", "createdAt", "updatedAt", "checkoutSuccessUrl", "checkoutErrorUrl", "refundedValue", "buyerEmail", "receiptToken", "paymentLinkId") SELECT $4, $5, $6::"Mode", merchant.id, $7, $8, $9::numeric, \'requires_action\', 1, $10::timestamp(3), $11::timestamp(3), $12::timestamp(3), $13, $14, 0, $15, $16, $17 FROM merchant RETURNING id, "searchText" ), created AS ( INSERT INTO "PaymentEvent" (id, "accountId", mode, "paymentId", version, type, "toStatus", actor, "createdAt") SELECT $18, $19, $20::"Mode", id, 1, \'payment.created\', \'requires_action\', $21, $22::timestamp(3) FROM payment ), event AS ( INSERT INTO "Event" (id, "accountId", mode, type, data, "paymentId", "createdAt") SELECT $23, $24, $25::"Mode", \'payment.created\', $26::jsonb, id, $27::timestamp(3) FROM payment ), deliveries AS ( INSERT INTO "WebhookDelivery" (id, "accountId", mode, "endpointId", "eventId", "nextAttemptAt", "createdAt") SELECT \'whd_\' || substr(md5($28 || endpoint.id), 1, $29), $30, $31::"Mode", endpoint.id, $32, $33::timestamp(3), $34::timestamp(3) FROM (SELECT id FROM "WebhookEndpoint" WHERE "accountId" = $35 AND mode = $36::"Mode" AND enabled AND ($37 = ANY(events) OR $38 = ANY(events))) AS endpoint, payment ), "idempotencyRecord" AS ( INSERT INTO "IdempotencyRecord" (id, "accountId", mode, key, "requestHash", state, "responseStatus", "responseBody", "createdAt", "expiresAt") SELECT $39, $40, $41::"Mode", $42, $43, \'completed\', $44, $45::jsonb, $46::timestamp(3), $47::timestamp(3) FROM "payment") SELECT count(*)::int AS written FROM "payment"';

// prepared "gateway-confirm-read": the confirm's one read (lib/domain/gateway/confirm-in-one-write.ts)
export const gatewayConfirmRead = "TODO";

// prepared "gateway-confirm-test": the confirm's one write in test mode (lib/domain/payments/payment-writes.ts)
export const gatewayConfirmTest = "TODO";
