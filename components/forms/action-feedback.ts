"use client";

import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { toast } from "sonner";
import type { ActionResult } from "@/lib/platform/actions/result";

/**
 * Shows a server action's outcome: field errors beside their fields, anything else as a toast.
 * Returns the data on success, undefined otherwise.
 */
export function showActionResult<T, F extends FieldValues>(
  result: ActionResult<T>,
  options: { form?: UseFormReturn<F>; success?: string } = {},
): T | undefined {
  if (result.ok) {
    if (options.success) toast.success(options.success);
    return result.data;
  }
  const fields = Object.entries(result.fieldErrors ?? {});
  const form = options.form;
  const known = form ? fields.filter(([name]) => name in form.getValues() || name.includes(".")) : [];
  for (const [name, message] of known) form!.setError(name as Path<F>, { type: "server", message });
  if (known.length === 0 || known.length < fields.length || result.code !== "params_validation")
    toast.error(result.error);
  return undefined;
}
