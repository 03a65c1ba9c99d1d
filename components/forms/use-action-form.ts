"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, type DefaultValues, type FieldValues, type Resolver } from "react-hook-form";
import type { ActionResult } from "@/lib/platform/actions/result";
import { showActionResult } from "./action-feedback";

/**
 * A form that submits to one server action: its fields checked by `schema`, the action's field
 * errors shown beside their fields and anything else as a toast (`showActionResult`), and `onDone`
 * called with the action's data when it succeeds.
 */
export function useActionForm<V extends FieldValues, T>({
  schema,
  defaultValues,
  action,
  success,
  onDone,
}: {
  schema: Parameters<typeof zodResolver>[0];
  defaultValues: DefaultValues<V>;
  action: (values: V) => Promise<ActionResult<T>>;
  success?: string;
  onDone?: (data: T) => void;
}) {
  const form = useForm<V>({ resolver: zodResolver(schema) as unknown as Resolver<V>, defaultValues });
  const submit = form.handleSubmit(async (values) => {
    const data = showActionResult(await action(values), { form, success });
    if (data !== undefined) onDone?.(data);
  });
  const { errors, isSubmitting } = form.formState;
  return { form, errors, pending: isSubmitting, submit };
}
