import "server-only";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { merchantBrandingSelect } from "@/lib/domain/branding/merchant-branding";
import { recordCollectedData, wantedBuyerDetails } from "@/lib/domain/gateway/collect-data";
import { findCheckoutPayment } from "@/lib/domain/payments/find-checkout-payment";
import type { BuyerDetailsFormSchema } from "@/lib/domain/schemas/collect-data";
import type { z } from "zod";
import type { DetailsPageView } from "./views/details-page";

type Submitted = z.output<typeof BuyerDetailsFormSchema>;

/**
 * What the hosted details form shows for a payment: the form while its merchant still needs the
 * buyer's details, "received" once they are given (or none are needed), "closed" once the payment
 * no longer takes them.
 */
export async function buyerDetailsView(
  paymentId: string,
  values: Record<string, string> = {},
  errors: Record<string, string> = {},
): Promise<DetailsPageView> {
  const payment = await findCheckoutPayment(paymentId);
  const merchant = await db().merchant.findFirstOrThrow({
    where: { id: payment.merchantId, accountId: payment.accountId, mode: payment.mode },
    select: merchantBrandingSelect,
  });
  const fields = await wantedBuyerDetails(payment);
  const state =
    payment.collectedData || fields.length === 0
      ? "received"
      : payment.status === "requires_action"
        ? "form"
        : "closed";
  return { mode: payment.mode, merchant, state, fields, values, errors };
}

/** Keeps the form's details on the payment, as confirm's `collectedData` is kept; a 400 names each problem. */
export async function submitBuyerDetails(paymentId: string, form: Submitted): Promise<void> {
  const payment = await findCheckoutPayment(paymentId);
  if (payment.status !== "requires_action")
    throw new AppError("invalid_state", "This payment no longer takes the buyer's details.");
  await recordCollectedData(
    payment,
    form.sent,
    form.accepted ? {} : { accept: "Agree to share these details with the merchant to continue." },
  );
}

/** The form's problems keyed by its inputs' names (`collectedData.dob` → `dob`). */
export function formErrors(error: AppError): Record<string, string> {
  const fields = (error.details?.fields ?? {}) as Record<string, string>;
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace("collectedData.", ""), v]));
}

/**
 * A wallet's `?prefill=`: base64 (or base64url) JSON of detail ids to strings, as WalletConnect's
 * wallet guides build it. Anything else in it, or a prefill that does not decode, is ignored.
 */
export function prefillValues(prefill: string | null): Record<string, string> {
  if (!prefill) return {};
  try {
    // A wallet that appends btoa's output unencoded sends its `+` as a space (React Native's guide does).
    const base64 = prefill.replaceAll(" ", "+");
    const decoded: unknown = JSON.parse(Buffer.from(base64, "base64").toString("utf8"));
    if (!decoded || typeof decoded !== "object" || Array.isArray(decoded)) return {};
    return Object.fromEntries(
      Object.entries(decoded).filter(
        (entry): entry is [string, string] => typeof entry[1] === "string" && entry[1].length <= 1000,
      ),
    );
  } catch {
    return {};
  }
}
