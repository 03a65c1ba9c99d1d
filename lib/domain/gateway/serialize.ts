import "server-only";
import { db, type Payment } from "@/lib/core/db";
import { isFinalStatus, pollHintMs } from "@/lib/domain/payments/lifecycle";
import { gatewayAmount } from "./amount";

/** The gateway's status object: like the merchant API's, with `display` inside `optionAmount`. */
export async function gatewayStatus(p: Payment) {
  const paid = p.status === "succeeded" && p.txId && p.optionAsset && p.paidValue !== null;
  return {
    status: p.status,
    isFinal: isFinalStatus(p.status),
    pollInMs: pollHintMs(p.status),
    info: paid
      ? {
          txId: p.txId!,
          optionAmount: await gatewayAmount(`caip19/${p.optionAsset}`, p.paidValue!.toFixed()),
        }
      : null,
  };
}

/** What a wallet shows before paying: amount, merchant, deadline, and the payer once known. */
export async function gatewayPayment(p: Payment) {
  const merchant = await db().merchant.findUniqueOrThrow({
    where: { id: p.merchantId },
    select: { name: true, iconUrl: true },
  });
  return {
    status: p.status,
    amount: await gatewayAmount(p.amountUnit, p.amountValue.toFixed()),
    expiresAt: Math.floor(p.expiresAt.getTime() / 1000),
    merchant: { name: merchant.name, iconUrl: merchant.iconUrl },
    buyer:
      p.payerAddress && p.optionAsset
        ? { accountCaip10: `${p.optionAsset.split("/")[0]}:${p.payerAddress}`, accountProviderName: "Wallet" }
        : null,
  };
}
