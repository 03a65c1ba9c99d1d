import type { ComponentProps } from "react";
import { FormField } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";

/** The "Merchant" field of a form (its input named `merchantId`): one option per merchant. */
export function MerchantField({
  merchants,
  error,
  ...select
}: { merchants: { id: string; name: string }[]; error?: string } & ComponentProps<"select">) {
  return (
    <FormField id="merchantId" label="Merchant" error={error}>
      <Select
        id="merchantId"
        aria-invalid={!!error}
        aria-describedby={error ? "merchantId-error" : undefined}
        {...select}
      >
        {merchants.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
      </Select>
    </FormField>
  );
}
