import "server-only";
import type { CallContext } from "@/lib/domain/context/call-context";
import { db, Prisma, rawQuery, type Payment } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { insertDeliveries } from "@/lib/domain/events/record-event";
import { paymentSnapshot } from "@/lib/domain/payments/snapshot";
import { isId, newId, randomBase62 } from "@/lib/core/ids/ids";
import { sqlTimestamp } from "@/lib/core/db/sql-timestamp";
import type { CreatePaymentInput } from "@/lib/domain/schemas/payment";
import type { Scope } from "@/lib/core/tenancy/scope";
import { acceptReceipt, type ReceiptWarning } from "@/lib/domain/receipts/limit-receipts";
import { defaultLifetimeMs, maxLifetimeMs, minLifetimeMs } from "./lifecycle";

/**
 * Creates a payment with its first PaymentEvent, its payment.created outbox event and that event's
 * deliveries, in one statement. Also returns the assets of the merchant's crypto settlements, for
 * the payability warnings of the create answer. `paymentLinkId` names the reusable link that minted it, if one did.
 */
export async function createPayment(
  ctx: CallContext,
  merchantId: string,
  input: CreatePaymentInput,
  paymentLinkId?: string,
): Promise<{ payment: Payment; settlementAssets: string[]; receiptWarnings: ReceiptWarning[] }> {
  const { tx, scope, actor } = ctx;
  const payment = newPayment(scope, merchantId, input, paymentLinkId);
  const receiptWarnings = await acceptReceipt(tx, scope, payment.buyerEmail);
  const [row] = await tx.$queryRaw<{ searchText: string | null; settlementAssets: string[] }[]>`
    WITH ${insertPayment(scope, actor, payment)}
    SELECT payment."searchText", ARRAY(${settlementAssets(scope, merchantId)}) AS "settlementAssets" FROM payment`;
  if (!row) throw merchantNotFound();
  return {
    payment: { ...payment, searchText: row.searchText },
    settlementAssets: row.settlementAssets,
    receiptWarnings,
  };
}

/**
 * createPayment for the API's one-statement path (Operation.plan): reads the merchant's settlement
 * assets, then returns the payment as it will be (but for `searchText`, which the database derives)
 * and the statement's CTEs that write it, the last (`payment`) yielding its row if it was written.
 */
export async function planPayment(
  scope: Scope,
  actor: string,
  merchantId: string,
  input: CreatePaymentInput,
): Promise<{
  payment: Payment;
  settlementAssets: string[];
  receiptWarnings: ReceiptWarning[];
  ctes: Prisma.Sql;
}> {
  const payment = newPayment(scope, merchantId, input);
  const receiptWarnings = await acceptReceipt(db(), scope, payment.buyerEmail);
  const rows = await rawQuery<{ asset: string }>(
    settlementAssets(scope, merchantId),
    "payment-settlement-assets",
  );
  return {
    payment,
    settlementAssets: rows.map((r) => r.asset),
    receiptWarnings,
    ctes: insertPayment(scope, actor, payment),
  };
}

const merchantNotFound = () =>
  new AppError(
    "merchant_not_found",
    "Merchant not found: the Merchant-Id header names no merchant of this account and mode.",
  );

/** The row as the database will hold it (defaults included), so the event's snapshot can be written in the same statement. */
function newPayment(
  scope: Scope,
  merchantId: string,
  input: CreatePaymentInput,
  paymentLinkId?: string,
): Payment {
  const now = new Date();
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : new Date(now.getTime() + defaultLifetimeMs);
  const lifetime = expiresAt.getTime() - now.getTime();
  if (lifetime < minLifetimeMs || lifetime > maxLifetimeMs) {
    throw new AppError("params_validation", "expiresAt must be between 1 minute and 30 days from now.", {
      fields: { expiresAt: "Must be between 1 minute and 30 days from now." },
    });
  }
  if (!isId("mrch", merchantId)) throw merchantNotFound();
  // Typed as the whole model: a new column must be given a value here.
  return {
    id: newId("pay"),
    accountId: scope.accountId,
    mode: scope.mode,
    merchantId,
    referenceId: input.referenceId,
    amountUnit: input.amount.unit,
    amountValue: new Prisma.Decimal(input.amount.value),
    status: "requires_action",
    version: 1,
    expiresAt,
    createdAt: now,
    updatedAt: now,
    finalizedAt: null,
    attemptId: null,
    attempt: null,
    txId: null,
    paidValue: null,
    payerAddress: null,
    relayGasUsed: null,
    relayGasCostWei: null,
    failureReason: null,
    checkoutSuccessUrl: input.checkout?.successUrl ?? null,
    checkoutErrorUrl: input.checkout?.errorUrl ?? null,
    collectedData: null,
    collectedDataAt: null,
    refundedValue: new Prisma.Decimal(0),
    exceptionType: null,
    exceptionAsset: null,
    exceptionExpected: null,
    exceptionReceived: null,
    exceptionTxHash: null,
    exceptionResolution: null,
    exceptionResolvedAt: null,
    searchText: null,
    buyerEmail: input.buyerEmail ?? null,
    receiptToken: randomBase62(32),
    paymentLinkId: paymentLinkId ?? null,
  };
}

/**
 * The CTEs that write a payment, its first PaymentEvent, its payment.created outbox event and that
 * event's deliveries; `payment` yields the row if it was written. One statement instead of seven
 * Prisma round trips: creating payments is the API's hottest write. Nothing is inserted unless the
 * merchant is a live one of this account and mode. Timestamps go in as UTC text, as Prisma stores
 * them (timestamp without time zone), whatever the session's time zone.
 */
function insertPayment(scope: Scope, actor: string, payment: Payment): Prisma.Sql {
  const mode = Prisma.sql`${scope.mode}::"Mode"`;
  const now = sqlTimestamp(payment.createdAt);
  const eventId = newId("evt");
  return Prisma.sql`
    merchant AS (
      SELECT id FROM "Merchant" WHERE id = ${payment.merchantId} AND "accountId" = ${scope.accountId} AND mode = ${mode} AND "deletedAt" IS NULL
    ), payment AS (
      INSERT INTO "Payment" (id, "accountId", mode, "merchantId", "referenceId", "amountUnit", "amountValue", status, version, "expiresAt", "createdAt", "updatedAt", "checkoutSuccessUrl", "checkoutErrorUrl", "refundedValue", "buyerEmail", "receiptToken", "paymentLinkId")
      SELECT ${payment.id}, ${scope.accountId}, ${mode}, merchant.id, ${payment.referenceId}, ${payment.amountUnit}, ${payment.amountValue.toFixed()}::numeric, 'requires_action', 1,
             ${sqlTimestamp(payment.expiresAt)}, ${now}, ${now}, ${payment.checkoutSuccessUrl}, ${payment.checkoutErrorUrl}, 0,
             ${payment.buyerEmail}, ${payment.receiptToken}, ${payment.paymentLinkId}
      FROM merchant
      RETURNING id, "searchText"
    ), created AS (
      INSERT INTO "PaymentEvent" (id, "accountId", mode, "paymentId", version, type, "toStatus", actor, "createdAt")
      SELECT ${newId("pev")}, ${scope.accountId}, ${mode}, id, 1, 'payment.created', 'requires_action', ${actor}, ${now} FROM payment
    ), event AS (
      INSERT INTO "Event" (id, "accountId", mode, type, data, "paymentId", "createdAt")
      SELECT ${eventId}, ${scope.accountId}, ${mode}, 'payment.created', ${JSON.stringify(paymentSnapshot(payment))}::jsonb, id, ${now} FROM payment
    ), deliveries AS (
      ${insertDeliveries(scope, "payment.created", eventId, now, Prisma.sql`payment`)}
    )`;
}

function settlementAssets(scope: Scope, merchantId: string): Prisma.Sql {
  return Prisma.sql`SELECT asset FROM "CryptoSettlement" WHERE "merchantId" = ${merchantId} AND "accountId" = ${scope.accountId} AND mode = ${scope.mode}::"Mode"`;
}
