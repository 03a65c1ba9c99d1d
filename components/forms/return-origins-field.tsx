"use client";

import { useController, type Control, type FieldValues, type Path } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";

/**
 * The return allow-list of a merchant or a public app: one https origin or app scheme a line,
 * kept as the array the schema (lib/core/schemas/common.ts ReturnOrigins) validates.
 */
export function ReturnOriginsField<F extends FieldValues>({
  id,
  control,
  name,
  error,
}: {
  id: string;
  control: Control<F>;
  name: Path<F>;
  error?: string;
}) {
  const { field } = useController({ control, name });
  const { onChange, onBlur, value } = field;
  const lines = Array.isArray(value) ? (value as string[]).join("\n") : "";
  return (
    <>
      <FormField id={id} label="Allowed return URLs (optional)" error={error}>
        <Textarea
          id={id}
          name={name}
          rows={2}
          placeholder={"https://shop.example.com\nmyapp://"}
          autoComplete="off"
          spellCheck={false}
          defaultValue={lines}
          onBlur={onBlur}
          onChange={(event) =>
            onChange(
              event.target.value
                .split("\n")
                .map((line) => line.trim())
                .filter(Boolean),
            )
          }
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
        />
      </FormField>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        One a line: an https origin or an app scheme. A payment link&apos;s{" "}
        <code className="font-mono">returnUrl</code> is offered to the buyer only when it points to one of
        them.
      </p>
    </>
  );
}
