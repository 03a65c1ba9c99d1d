import "server-only";
import type { Merchant, Payment } from "@/lib/core/db";
import {
  collectFieldIds,
  type CollectDataInput,
  type CollectFieldId,
} from "@/lib/domain/schemas/collect-data";

/** A merchant's information capture as the API and dashboard show it. */
export function merchantCollectData(
  m: Pick<Merchant, "collectFields" | "collectMinUnit" | "collectMinValue">,
) {
  const fields = collectFieldIds.filter((id) => m.collectFields.includes(id));
  if (fields.length === 0) return null;
  return {
    fields,
    minAmount:
      m.collectMinUnit && m.collectMinValue
        ? { unit: m.collectMinUnit, value: m.collectMinValue.toFixed() }
        : null,
  };
}

/** The merchant's columns for a create or update body's `collectData` (undefined leaves them). */
export function collectDataColumns(input: CollectDataInput | undefined) {
  if (input === undefined) return {};
  return {
    collectFields: input?.fields ?? [],
    collectMinUnit: input?.minAmount?.unit ?? null,
    collectMinValue: input?.minAmount?.value ?? null,
  };
}

/** The details a payment of this merchant needs from its buyer: none below the merchant's amount in the same unit. */
export function requiredCollectFields(
  merchant: Pick<Merchant, "collectFields" | "collectMinUnit" | "collectMinValue">,
  payment: Pick<Payment, "amountUnit" | "amountValue">,
): CollectFieldId[] {
  const setting = merchantCollectData(merchant);
  if (!setting) return [];
  const below =
    setting.minAmount?.unit === payment.amountUnit &&
    BigInt(payment.amountValue.toFixed()) < BigInt(setting.minAmount.value);
  return below ? [] : setting.fields;
}
