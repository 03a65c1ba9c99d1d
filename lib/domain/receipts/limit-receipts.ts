import "server-only";
import { env } from "@/lib/core/config/env";
import { AppError } from "@/lib/core/errors/errors";
import { takeToken } from "@/lib/core/limits/rate-limit";
import type { DbOrTx } from "@/lib/core/db";
import type { Scope } from "@/lib/core/tenancy/scope";
import { receiptIsMailed } from "./mail-receipt";

/**
 * Takes one receipt from the account's hourly allowance in that mode (RECEIPTS_PER_HOUR_TEST /
 * _LIVE), when a payment is made with a buyer's email, or refuses with how long to wait. A receipt
 * is mail Tollgate sends to an address the caller chose, so no account may make it send without bound.
 */
export async function limitReceipts(q: DbOrTx, scope: Scope): Promise<void> {
  const perHour = scope.mode === "live" ? env.RECEIPTS_PER_HOUR_LIVE : env.RECEIPTS_PER_HOUR_TEST;
  const result = await takeToken(
    `receipts:${scope.accountId}:${scope.mode}`,
    { burst: perHour, ratePerSecond: perHour / 3600 },
    1,
    q,
  );
  if (result.ok) return;
  throw new AppError(
    "rate_limited",
    `This account has asked for ${perHour} receipts in the last hour in ${scope.mode} mode, the most it may. Create the payment without buyerEmail, or retry after the time in Retry-After.`,
    {
      retryAfterSeconds: result.retryAfterSeconds,
      fields: {
        buyerEmail: `Too many receipts this hour; try again in ${Math.ceil(result.retryAfterSeconds / 60)} minutes, or leave it empty.`,
      },
    },
  );
}

export type ReceiptWarning = { code: "receipt_not_mailed"; message: string };

/** A payment asks for a receipt to `buyerEmail`: counted against the limit above, and answered with a warning when test mode will keep it unsent. */
export async function acceptReceipt(
  q: DbOrTx,
  scope: Scope,
  buyerEmail: string | null,
): Promise<ReceiptWarning[]> {
  if (!buyerEmail) return [];
  await limitReceipts(q, scope);
  if (await receiptIsMailed(q, scope, buyerEmail)) return [];
  return [{ code: "receipt_not_mailed", message: receiptKeptMessage }];
}

export const receiptKeptMessage =
  "Test mode mails receipts only to your team's verified addresses: this one will be kept in the dev outbox (Settings → Outbox), not sent.";
