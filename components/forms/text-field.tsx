import type { ComponentProps } from "react";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

/** A labelled text input with its error beside it, marked invalid and linked to the error for screen readers. */
export function TextField({
  id,
  label,
  error,
  ...input
}: { id: string; label: string; error?: string } & ComponentProps<"input">) {
  return (
    <FormField id={id} label={label} error={error}>
      <Input id={id} aria-invalid={!!error} aria-describedby={error ? `${id}-error` : undefined} {...input} />
    </FormField>
  );
}
