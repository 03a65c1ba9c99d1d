import "server-only";
import { getAddress, type Hex } from "viem";
import { Prisma, rawQuery, type Payment } from "@/lib/core/db";
import { isId, newId } from "@/lib/core/ids/ids";
import type { Scope } from "@/lib/core/tenancy/scope";
import { requiredCollectFields } from "@/lib/domain/merchants/collect-data";
import {
  attemptFromRow,
  attemptSelect,
  paymentFromRow,
  paymentSelect,
} from "@/lib/domain/payments/payment-columns";
import { writeGatewayConfirmation } from "@/lib/domain/payments/payment-writes";
import { paymentIdFromReference } from "@/lib/domain/schemas/payment-reference";
import { checkAuthorization, confirmationResult, relayConfirmed } from "./confirm";

/**
 * A wallet's confirm of a gasless (EIP-3009) option in the common case, as one read and one
 * statement past Prisma (the confirm is the gateway's hottest write): the payment, its attempt, the
 * option, whether another option is confirmed and what the merchant requires, read at once; the
 * signature checked; then the confirmation written (lib/domain/payments/payment-writes.ts), and in
 * live mode relayed. Null for anything else (the option confirmed already, another one confirmed,
 * buyer details or a receipt to handle, an expired payment or quote, an error to give, a confirm
 * racing this one): the caller then confirms the ordinary way, which answers each of those.
 */
export async function confirmInOneWrite(
  scope: Scope,
  idOrUrl: string,
  body: {
    optionId: string;
    results: { type: "walletRpc"; data: unknown[] }[];
    collectedData?: unknown[] | null;
  },
  actor: string,
): Promise<Payment | null> {
  const paymentId = paymentIdFromReference(idOrUrl);
  const result = confirmationResult(body.results);
  if (!isId("pay", paymentId) || !result || (body.collectedData?.length ?? 0) > 0) return null;
  const [row] = await rawQuery<Record<string, unknown>>(
    Prisma.sql`SELECT ${paymentSelect("p", "p.")}, ${attemptSelect("a", "a.")}, ${attemptSelect("o", "o.")},
        EXISTS (SELECT 1 FROM "PaymentAttempt" c WHERE c."paymentId" = p.id AND c."confirmedAt" IS NOT NULL AND c."supersededAt" IS NULL) AS "otherConfirmed",
        m."collectFields", m."collectMinUnit", m."collectMinValue"::text AS "collectMinValue"
      FROM "Payment" p
        LEFT JOIN "PaymentAttempt" a ON a.id = p."attemptId"
        LEFT JOIN "PaymentAttempt" o ON o.id = ${body.optionId} AND o."paymentId" = p.id AND o.payer IS NOT NULL
        LEFT JOIN "Merchant" m ON m.id = p."merchantId" AND m."accountId" = p."accountId" AND m.mode = p.mode
      WHERE p.id = ${paymentId} AND p."accountId" = ${scope.accountId} AND p.mode = ${scope.mode}::"Mode"`,
    "gateway-confirm-read",
  );
  if (!row) return null;
  const payment = paymentFromRow(row, "p.", attemptFromRow(row, "a."));
  const option = attemptFromRow(row, "o.");
  const now = new Date();
  if (
    !option ||
    option.method !== "eip3009" ||
    option.confirmedAt ||
    option.expiresAt <= now ||
    row.otherConfirmed ||
    payment.status !== "requires_action" ||
    payment.expiresAt <= now ||
    (payment.mode === "test" && payment.buyerEmail) ||
    (!payment.collectedData && requiredFor(row, payment).length > 0)
  )
    return null;

  const payer = getAddress(option.payer!.split(":").pop()!);
  await checkAuthorization(option, result as Hex, payer);
  const submissionId = payment.mode === "live" ? newId("rly") : undefined;
  const confirmed = await writeGatewayConfirmation(payment, option, {
    result: result.toLowerCase(),
    payer,
    actor,
    now,
    submissionId,
  }).catch((error: unknown) => {
    // A deadlock with a confirm of the same option going the ordinary way, or its relay queued already: let that way answer.
    const code = (error as { code?: unknown }).code;
    if (code === "40P01" || code === "23505") return null;
    throw error;
  });
  if (!confirmed) return null;
  return submissionId ? relayConfirmed(confirmed, confirmed.attempt!, submissionId, actor) : confirmed;
}

function requiredFor(row: Record<string, unknown>, payment: Payment) {
  if (!row.collectFields) return [];
  return requiredCollectFields(
    {
      collectFields: row.collectFields as string[],
      collectMinUnit: row.collectMinUnit as string | null,
      collectMinValue:
        row.collectMinValue === null ? null : new Prisma.Decimal(row.collectMinValue as string),
    },
    payment,
  );
}
