import "server-only";
import type { Payment, DbOrTx } from "@/lib/db";
import { enqueueEmail } from "@/lib/email/enqueue-email";
import { receiptMessage } from "@/lib/email/templates/receipt";
import { publicBaseUrl } from "@/lib/config/env";
import { formatAmount } from "@/lib/payments/format-amount";
import { receiptPath } from "./receipt-path";

/** Queues the buyer's receipt in the transaction that made the payment succeed, if the buyer gave an email. */
export async function mailReceiptIfWanted(tx: DbOrTx, payment: Payment): Promise<void> {
  if (payment.status !== "succeeded" || !payment.buyerEmail || !payment.receiptToken) return;
  const merchant = await tx.merchant.findUniqueOrThrow({ where: { id: payment.merchantId }, select: { name: true } });
  const message = receiptMessage({
    merchantName: merchant.name,
    amount: formatAmount(payment.amountUnit, payment.amountValue.toFixed()),
    referenceId: payment.referenceId,
    link: `${publicBaseUrl()}${receiptPath(payment.receiptToken)}`,
    test: payment.mode === "test",
  });
  await enqueueEmail(tx, payment.buyerEmail, message, payment.accountId);
}
