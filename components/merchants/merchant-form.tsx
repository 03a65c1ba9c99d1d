"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { showActionResult } from "@/components/forms/action-feedback";
import { FormActions } from "@/components/forms/form-actions";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import type { ActionResult } from "@/lib/actions/result";
import { CreateMerchantBody, type CreateMerchantInput } from "@/lib/schemas/merchant";

export type MerchantValues = { merchantName: string; merchantEmail: string; iconUrl?: string | null; underpaymentToleranceBps?: number };

/** Name, email and icon of a merchant: the create and the edit dialog share it. */
export function MerchantForm({
  initial,
  submitLabel,
  onSubmit,
  onDone,
  onCancel,
}: {
  initial?: MerchantValues;
  submitLabel: string;
  onSubmit: (values: CreateMerchantInput) => Promise<ActionResult<{ id: string }>>;
  onDone: (id: string) => void;
  onCancel: () => void;
}) {
  const form = useForm<CreateMerchantInput>({
    resolver: zodResolver(CreateMerchantBody),
    defaultValues: { merchantName: initial?.merchantName ?? "", merchantEmail: initial?.merchantEmail ?? "", iconUrl: initial?.iconUrl ?? undefined, underpaymentToleranceBps: initial?.underpaymentToleranceBps ?? 0 },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const data = showActionResult(await onSubmit(values), { form, success: initial ? "Merchant saved" : "Merchant created" });
    if (data) onDone(data.id);
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField id="merchantName" label="Name" error={errors.merchantName?.message}>
        <Input id="merchantName" autoFocus autoComplete="organization" aria-invalid={!!errors.merchantName} aria-describedby={errors.merchantName ? "merchantName-error" : undefined} {...form.register("merchantName")} />
      </FormField>
      <FormField id="merchantEmail" label="Email" error={errors.merchantEmail?.message}>
        <Input id="merchantEmail" type="email" autoComplete="email" aria-invalid={!!errors.merchantEmail} aria-describedby={errors.merchantEmail ? "merchantEmail-error" : undefined} {...form.register("merchantEmail")} />
      </FormField>
      <FormField id="iconUrl" label="Icon URL (optional, https)" error={errors.iconUrl?.message}>
        <Input
          id="iconUrl"
          type="url"
          placeholder="https://shop.example/icon.png"
          aria-invalid={!!errors.iconUrl}
          aria-describedby={errors.iconUrl ? "iconUrl-error" : undefined}
          {...form.register("iconUrl", { setValueAs: (v: string | null | undefined) => (v ? v.trim() || undefined : undefined) })}
        />
      </FormField>
      <FormField id="underpaymentToleranceBps" label="Underpayment tolerance (basis points, 100 = 1%)" error={errors.underpaymentToleranceBps?.message}>
        <Input
          id="underpaymentToleranceBps"
          type="number"
          inputMode="numeric"
          min={0}
          max={1000}
          aria-invalid={!!errors.underpaymentToleranceBps}
          aria-describedby={errors.underpaymentToleranceBps ? "underpaymentToleranceBps-error" : "underpaymentToleranceBps-hint"}
          {...form.register("underpaymentToleranceBps", { setValueAs: (v: string | number) => (v === "" ? undefined : Number(v)) })}
        />
      </FormField>
      <p id="underpaymentToleranceBps-hint" className="text-xs text-muted-foreground">
        A buyer who sends slightly less than quoted (a wallet rounding, a fee taken on the way) still pays, and the payment shows the shortfall. 0 accepts no shortfall.
      </p>
      <FormActions onCancel={onCancel} pending={isSubmitting} submitLabel={submitLabel} pendingLabel="Saving…" />
    </form>
  );
}
