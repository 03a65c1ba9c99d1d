import type { ComponentProps } from "react";
import { FormField } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import { currencyCodes } from "@/lib/core/schemas/dashboard-money";

/** The "Currency" field of a form (its input named `currency`): one option per currency Tollgate prices in. */
export function CurrencyField({ error, ...select }: { error?: string } & ComponentProps<"select">) {
  return (
    <FormField id="currency" label="Currency" error={error}>
      <Select
        id="currency"
        aria-invalid={!!error}
        aria-describedby={error ? "currency-error" : undefined}
        {...select}
      >
        {currencyCodes.map((c) => (
          <option key={c}>{c}</option>
        ))}
      </Select>
    </FormField>
  );
}
