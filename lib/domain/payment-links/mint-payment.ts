import "server-only";
import { merchantBrandingSelect } from "@/lib/domain/branding/merchant-branding";
import { clientAddress } from "@/lib/domain/auth/client-address";
import { db, type PaymentLink } from "@/lib/core/db";
import { AppError, notFound } from "@/lib/core/errors/errors";
import { isId, randomBase62 } from "@/lib/core/ids/ids";
import { compareValues, parseUnit, parseUnits } from "@/lib/core/money/money";
import { createPayment } from "@/lib/domain/payments/create-payment";
import { formatAmount } from "@/lib/core/money/format-amount";
import { takeToken, type BucketPolicy } from "@/lib/core/limits/rate-limit";

// A buyer mints one payment, maybe a second after going back; a script minting hundreds from one
// address fills the merchant's payment list with noise. Five at once, then one a minute, per link and address.
const perLinkAndAddress: BucketPolicy = { burst: 5, ratePerSecond: 1 / 60 };

/**
 * The link behind `/l/{id}`. Its id is the capability, as a payment's is for its checkout: the one
 * lookup that is not scoped by account and mode (everything after it uses the link's own).
 */
export async function findPublicPaymentLink(linkId: string) {
  const link = isId("plink", linkId)
    ? await db().paymentLink.findUnique({
        where: { id: linkId },
        include: { merchant: { select: merchantBrandingSelect } },
      })
    : null;
  if (!link) throw notFound("Payment link");
  return link;
}

/** How a link's amount reads to the buyer: "$10.50", or the bounds of what they may enter. */
export function describeLinkAmount(link: PaymentLink): {
  fixed: string | null;
  min: string | null;
  max: string | null;
  currency: string | null;
} {
  const unit = parseUnit(link.amountUnit);
  const currency = unit.ok && unit.value.kind === "fiat" ? unit.value.currency : null;
  const show = (value: { toFixed(): string } | null) =>
    value ? formatAmount(link.amountUnit, value.toFixed()) : null;
  return { fixed: show(link.amountValue), min: show(link.minValue), max: show(link.maxValue), currency };
}

/** A buyer-entered amount ("12.50") in minor units, within the link's bounds, or a message for the field. */
export function buyerAmount(
  link: PaymentLink,
  input: string | undefined,
): { ok: true; value: string } | { ok: false; error: string } {
  if (link.amountValue) return { ok: true, value: link.amountValue.toFixed() };
  const unit = parseUnit(link.amountUnit);
  if (!unit.ok || unit.value.kind !== "fiat") return { ok: false, error: "This link cannot take an amount." };
  const exponent = unit.value.exponent;
  // "$20" and "20" alike; anything else (a sign, a comma) is for parseUnits to refuse.
  const parsed = parseUnits((input ?? "").trim().replace(/^[$€£¥]\s*/, ""), exponent, "The amount");
  if (!parsed.ok) return { ok: false, error: `${parsed.error}.` };
  const min = link.minValue?.toFixed() ?? "1";
  const max = link.maxValue?.toFixed() ?? null;
  const outside =
    compareValues(parsed.value, min) < 0 ||
    (max !== null && compareValues(parsed.value, max) > 0) ||
    parsed.value === "0";
  if (outside) {
    const show = (value: string) => formatAmount(link.amountUnit, value);
    return {
      ok: false,
      error: max ? `Enter an amount between ${show(min)} and ${show(max)}.` : `Enter at least ${show(min)}.`,
    };
  }
  return { ok: true, value: parsed.value };
}

export type MintResult =
  | { ok: true; paymentId: string }
  | { ok: false; field: "amount" | "email" | null; error: string };

/**
 * A buyer continued on a link's page: a payment of its own through the same createPayment as the
 * API, in the link's account and mode. Refused for an inactive link, an amount outside the bounds
 * and a caller who has minted too many from this link lately.
 */
export async function mintPayment(
  link: PaymentLink,
  form: { amount?: string; email?: string },
  headers: Headers,
): Promise<MintResult> {
  if (!link.active) return { ok: false, field: null, error: "This payment link is no longer active." };
  const amount = buyerAmount(link, form.amount);
  if (!amount.ok) return { ok: false, field: "amount", error: amount.error };
  const address = clientAddress(Object.fromEntries(headers.entries())) ?? "unknown";
  const allowed = await takeToken(`plink:${link.id}:${address}`, perLinkAndAddress);
  if (!allowed.ok)
    throw new AppError(
      "rate_limited",
      "Too many payments from this link in a short time. Wait a minute and try again.",
      { retryAfterSeconds: allowed.retryAfterSeconds },
    );
  const scope = { accountId: link.accountId, mode: link.mode };
  const payment = await db().$transaction(async (tx) => {
    // Deactivated between the page and this post: mint nothing.
    const current = await tx.paymentLink.findFirst({
      where: { id: link.id, active: true },
      select: { id: true },
    });
    if (!current) return null;
    const created = await createPayment(
      { tx, scope, actor: `payment_link:${link.id}` },
      link.merchantId,
      {
        referenceId: `${link.referencePrefix}-${randomBase62(10)}`,
        amount: { unit: link.amountUnit, value: amount.value },
        expiresAt: undefined,
        checkout: undefined,
        buyerEmail: form.email || undefined,
      },
      link.id,
    );
    return created.payment;
  });
  if (!payment) return { ok: false, field: null, error: "This payment link is no longer active." };
  return { ok: true, paymentId: payment.id };
}
