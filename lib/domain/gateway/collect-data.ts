import "server-only";
import { encrypt } from "@/lib/core/config/secrets";
import { db, type Payment } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { requiredCollectFields } from "@/lib/domain/merchants/collect-data";
import { gatewayUrl } from "@/lib/domain/payments/serialize";
import { recordBuyerDetails } from "@/lib/domain/payments/payment-writes";
import { checkCollectedData, collectFields, type CollectFieldId } from "@/lib/domain/schemas/collect-data";
import { tenant } from "@/lib/core/tenancy/scope";

async function requiredFor(payment: Payment): Promise<CollectFieldId[]> {
  const merchant = await db().merchant.findFirst({
    where: { id: payment.merchantId, ...tenant(payment) },
    select: { collectFields: true, collectMinUnit: true, collectMinValue: true },
  });
  return merchant ? requiredCollectFields(merchant, payment) : [];
}

/** The details this payment's merchant requires of its buyer, in the form's order (none when it requires none). */
export async function wantedBuyerDetails(payment: Payment) {
  const required = await requiredFor(payment);
  return collectFields.filter((f) => required.includes(f.id));
}

/** WalletConnect Pay's `collectData` for a payment whose merchant requires the buyer's details, until they are given. */
export async function gatewayCollectData(payment: Payment) {
  if (payment.collectedData) return null;
  const wanted = await wantedBuyerDetails(payment);
  if (wanted.length === 0) return null;
  return {
    fields: wanted.map((f) => ({ id: f.id, name: f.name, type: f.type, required: true })),
    schema: {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      additionalProperties: false,
      properties: Object.fromEntries(wanted.map((f) => [f.id, f.schema])),
      required: wanted.map((f) => f.id),
    },
    // The hosted form a wallet opens in its web view (WalletConnect's recommended flow): it takes
    // the details itself, so the wallet then confirms without `collectedData`.
    url: `${gatewayUrl(payment.id)}/details`,
  };
}

/**
 * Checks confirm's `collectedData` against what the merchant requires (400 naming each missing or
 * malformed detail) and keeps it sealed on the payment. Details the merchant did not ask for are
 * not kept. `refusedAlso`: the caller's own problems with the same submission (the hosted form's
 * consent), named in the same 400.
 */
export async function recordCollectedData(
  payment: Payment,
  sent: { id: string; value: string }[] | null | undefined,
  refusedAlso: Record<string, string> = {},
): Promise<void> {
  // Only an open payment takes details; confirm itself answers what a paid or final one is.
  if (payment.status !== "requires_action" || (payment.collectedData && !sent)) return;
  const required = await requiredFor(payment);
  if (required.length === 0) return;
  const checked = checkCollectedData(required, sent ?? []);
  const { values } = checked;
  const problems = { ...checked.problems, ...refusedAlso };
  if (Object.keys(problems).length > 0) {
    throw new AppError(
      "params_validation",
      `This merchant needs the buyer's details with confirm: ${Object.keys(problems)
        .map((k) => k.replace("collectedData.", ""))
        .join(", ")}.`,
      { fields: problems },
    );
  }
  await recordBuyerDetails(payment, encrypt(JSON.stringify(values)));
}
