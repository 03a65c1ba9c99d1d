import "server-only";
import type { Payment, DbOrTx } from "@/lib/core/db";
import { enqueueEmail } from "@/lib/domain/email/enqueue-email";
import { receiptMessage } from "@/lib/domain/email/templates/receipt";
import { publicBaseUrl } from "@/lib/core/config/env";
import { formatAmount } from "@/lib/core/money/format-amount";
import type { Scope } from "@/lib/core/tenancy/scope";
import { receiptPath } from "./receipt-path";

/**
 * Queues the buyer's receipt in the transaction that made the payment succeed, if the buyer gave an
 * email. A test payment costs nothing to make succeed, so its receipt is mailed only to the
 * account's own team (verified addresses); to anyone else it is kept in the dev outbox, unsent.
 */
export async function mailReceiptIfWanted(tx: DbOrTx, payment: Payment): Promise<void> {
  if (payment.status !== "succeeded" || !payment.buyerEmail || !payment.receiptToken) return;
  const merchant = await tx.merchant.findUniqueOrThrow({
    where: { id: payment.merchantId },
    select: { name: true },
  });
  const message = receiptMessage({
    paymentId: payment.id,
    merchantName: merchant.name,
    amount: formatAmount(payment.amountUnit, payment.amountValue.toFixed()),
    referenceId: payment.referenceId,
    link: `${publicBaseUrl()}${receiptPath(payment.receiptToken)}`,
    test: payment.mode === "test",
  });
  const send = await receiptIsMailed(tx, payment, payment.buyerEmail);
  await enqueueEmail(tx, payment.buyerEmail, message, payment.accountId, { kept: !send });
}

/** Whether a receipt to `email` leaves the machine: always in live mode, in test mode only to a verified member of the team. */
export async function receiptIsMailed(q: DbOrTx, scope: Scope, email: string): Promise<boolean> {
  if (scope.mode === "live") return true;
  const member = await q.membership.findFirst({
    where: {
      accountId: scope.accountId,
      user: { email: { equals: email, mode: "insensitive" }, emailVerifiedAt: { not: null } },
    },
    select: { id: true },
  });
  return member !== null;
}
