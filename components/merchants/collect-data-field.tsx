"use client";

import { useState } from "react";
import { useController, type Control, type FieldErrors } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { collectFields, type CollectFieldId } from "@/lib/domain/schemas/collect-data";
import { toMinorUnits } from "@/lib/core/schemas/dashboard-money";
import type { CreateMerchantInput } from "@/lib/domain/schemas/merchant";

type CollectData =
  | { fields: CollectFieldId[]; minAmount?: { unit: string; value: string } | null }
  | null
  | undefined;

/**
 * Information capture: which buyer details wallets must send with confirm, and from which USD
 * amount, kept as the API's `collectData` (null when no detail is ticked).
 */
export function CollectDataField({
  control,
  errors,
}: {
  control: Control<CreateMerchantInput>;
  errors: FieldErrors<CreateMerchantInput>;
}) {
  const { field } = useController({ control, name: "collectData" });
  const value = field.value as CollectData;
  const initialMajor =
    value?.minAmount?.unit === "iso4217/USD" ? (Number(value.minAmount.value) / 100).toString() : "";
  const [minText, setMinText] = useState(initialMajor);
  const [minError, setMinError] = useState<string>();
  const fields = value?.fields ?? [];

  const update = (next: CollectFieldId[], text: string) => {
    const trimmed = text.trim();
    const minor = trimmed ? toMinorUnits("USD", trimmed) : null;
    setMinError(trimmed && !minor ? "Enter an amount in dollars, such as 1000 or 1000.50." : undefined);
    field.onChange(
      next.length ? { fields: next, minAmount: minor ? { unit: "iso4217/USD", value: minor } : null } : null,
    );
  };
  const fieldsError = (errors.collectData as { fields?: { message?: string } } | undefined)?.fields?.message;

  return (
    <fieldset className="space-y-2 rounded-md border p-3" aria-describedby="collectData-hint">
      <legend className="px-1 text-sm font-medium">Buyer details to collect (optional)</legend>
      <p id="collectData-hint" className="text-xs text-muted-foreground">
        Wallets ask the buyer for these and send them when they pay (WalletConnect Pay&apos;s information
        capture, e.g. for the Travel Rule). Only owners, admins and support see them, on the payment&apos;s
        page and in exports.
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        {collectFields.map((f) => (
          <label key={f.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="collectData.fields"
              value={f.id}
              checked={fields.includes(f.id)}
              onBlur={field.onBlur}
              onChange={(event) =>
                update(event.target.checked ? [...fields, f.id] : fields.filter((id) => id !== f.id), minText)
              }
            />
            Buyer&apos;s {f.name.toLowerCase()}
          </label>
        ))}
      </div>
      {fieldsError ? <p className="text-sm text-destructive">{fieldsError}</p> : null}
      <FormField id="collectDataMin" label="Only for payments of at least (USD, optional)" error={minError}>
        <Input
          id="collectDataMin"
          inputMode="decimal"
          placeholder="1000"
          value={minText}
          disabled={fields.length === 0}
          aria-invalid={!!minError}
          onChange={(event) => {
            setMinText(event.target.value);
            update(fields, event.target.value);
          }}
        />
      </FormField>
    </fieldset>
  );
}
