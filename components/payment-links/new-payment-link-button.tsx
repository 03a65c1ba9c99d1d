"use client";

import { useWatch } from "react-hook-form";
import { TextField } from "@/components/forms/text-field";
import { createPaymentLinkAction } from "@/lib/platform/actions/payment-links";
import { FormActions } from "@/components/forms/form-actions";
import { useActionForm } from "@/components/forms/use-action-form";
import { MerchantField } from "@/components/merchants/merchant-field";
import {
  CreateLinkDialog,
  type LinkFieldsProps,
  type MerchantOption,
} from "@/components/payments/create-link-dialog";
import { CurrencyField } from "@/components/payments/currency-field";
import type { Mode } from "@/lib/core/db";
import { NewPaymentLinkFormSchema, type NewPaymentLinkValues } from "@/lib/domain/schemas/payment-link";

/** "New payment link": a reusable link (fixed or buyer-entered amount), then its URL and QR code. */
export function NewPaymentLinkButton({ mode, merchants }: { mode: Mode; merchants: MerchantOption[] }) {
  return (
    <CreateLinkDialog
      mode={mode}
      merchants={merchants}
      label="New payment link"
      description={`A reusable ${mode}-mode link: share it once, take many payments.`}
      createdTitle="Payment link created"
      createdDescription="Every buyer who continues on this page gets a payment of their own."
      merchantRequired="Create a merchant first: every payment link takes payments for one."
      fields={LinkFields}
    />
  );
}

function LinkFields({ mode, merchants, onCreated, onCancel }: LinkFieldsProps) {
  const { form, errors, pending, submit } = useActionForm({
    schema: NewPaymentLinkFormSchema,
    defaultValues: {
      merchantId: merchants[0]?.id ?? "",
      currency: "USD",
      kind: "fixed",
      amount: "",
      minAmount: "",
      maxAmount: "",
      referencePrefix: "",
    } satisfies NewPaymentLinkValues,
    action: (values: NewPaymentLinkValues) => createPaymentLinkAction({ ...values, mode }),
    success: "Payment link created",
    onDone: onCreated,
  });
  const kind = useWatch({ control: form.control, name: "kind" });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <MerchantField
        merchants={merchants}
        error={errors.merchantId?.message}
        {...form.register("merchantId")}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Price</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" value="fixed" className="size-4" {...form.register("kind")} /> Fixed amount
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" value="buyer" className="size-4" {...form.register("kind")} /> Buyer enters it
          </label>
        </div>
      </fieldset>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[1fr_1fr_7rem]">
        {kind === "fixed" ? (
          <div className="sm:col-span-2">
            <TextField
              id="amount"
              label="Amount"
              error={errors.amount?.message}
              inputMode="decimal"
              autoComplete="off"
              placeholder="25.00"
              {...form.register("amount")}
            />
          </div>
        ) : (
          <>
            <TextField
              id="minAmount"
              label="Minimum (optional)"
              error={errors.minAmount?.message}
              inputMode="decimal"
              autoComplete="off"
              placeholder="1.00"
              {...form.register("minAmount")}
            />
            <TextField
              id="maxAmount"
              label="Maximum"
              error={errors.maxAmount?.message}
              inputMode="decimal"
              autoComplete="off"
              placeholder="500.00"
              {...form.register("maxAmount")}
            />
          </>
        )}
        <CurrencyField error={errors.currency?.message} {...form.register("currency")} />
      </div>
      <TextField
        id="referencePrefix"
        label="Reference prefix"
        error={errors.referencePrefix?.message}
        autoComplete="off"
        placeholder="DONATION"
        aria-describedby={errors.referencePrefix ? "referencePrefix-error" : "referencePrefix-hint"}
        {...form.register("referencePrefix")}
      />
      <p id="referencePrefix-hint" className="text-xs text-muted-foreground">
        Each payment&apos;s reference is this prefix, a dash and a random suffix (DONATION-7fK2…).
      </p>
      <FormActions onCancel={onCancel} pending={pending} submitLabel="Create link" pendingLabel="Creating…" />
    </form>
  );
}
