"use client";

import { useRouter } from "next/navigation";
import { TextField } from "@/components/forms/text-field";
import { createPaymentAction } from "@/lib/platform/actions/payments";
import { FormActions } from "@/components/forms/form-actions";
import { useActionForm } from "@/components/forms/use-action-form";
import { MerchantField } from "@/components/merchants/merchant-field";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import type { Mode } from "@/lib/core/db";
import { NewPaymentFormSchema, paymentLifetimes, type NewPaymentValues } from "@/lib/domain/schemas/payment";
import { CreateLinkDialog, type LinkFieldsProps, type MerchantOption } from "./create-link-dialog";
import { CurrencyField } from "./currency-field";

/** "New payment": a one-off payment through the same createPayment as the API, then its link and QR code. */
export function NewPaymentButton({ mode, merchants }: { mode: Mode; merchants: MerchantOption[] }) {
  const router = useRouter();
  return (
    <CreateLinkDialog
      mode={mode}
      merchants={merchants}
      label="New payment"
      description={`A ${mode}-mode payment for one buyer, paid on Tollgate's checkout.`}
      createdTitle="Payment created"
      createdDescription="Send the buyer this link or let them scan the code."
      merchantRequired="Create a merchant first: every payment is made to one."
      createdActions={(created) => (
        <Button
          type="button"
          variant="outline"
          onClick={() => router.push(`/${mode}/payments/${created.id}`)}
        >
          View payment
        </Button>
      )}
      fields={NewPaymentFields}
    />
  );
}

function NewPaymentFields({ mode, merchants, onCreated, onCancel }: LinkFieldsProps) {
  const { form, errors, pending, submit } = useActionForm({
    schema: NewPaymentFormSchema,
    defaultValues: {
      merchantId: merchants[0]?.id ?? "",
      currency: "USD",
      amount: "",
      referenceId: "",
      expiresInMinutes: 60,
      buyerEmail: "",
    } satisfies NewPaymentValues,
    action: (values: NewPaymentValues) => createPaymentAction({ ...values, mode }),
    success: "Payment created",
    onDone: onCreated,
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <MerchantField
        merchants={merchants}
        error={errors.merchantId?.message}
        {...form.register("merchantId")}
      />
      <div className="grid grid-cols-[1fr_7rem] gap-3">
        <TextField
          id="amount"
          label="Amount"
          error={errors.amount?.message}
          inputMode="decimal"
          autoComplete="off"
          placeholder="10.50"
          autoFocus
          {...form.register("amount")}
        />
        <CurrencyField error={errors.currency?.message} {...form.register("currency")} />
      </div>
      <TextField
        id="referenceId"
        label="Reference (your order number)"
        error={errors.referenceId?.message}
        autoComplete="off"
        placeholder="INV-1042"
        {...form.register("referenceId")}
      />
      <FormField id="expiresInMinutes" label="Buyer has" error={errors.expiresInMinutes?.message}>
        <Select
          id="expiresInMinutes"
          aria-invalid={!!errors.expiresInMinutes}
          aria-describedby={errors.expiresInMinutes ? "expiresInMinutes-error" : undefined}
          {...form.register("expiresInMinutes")}
        >
          {paymentLifetimes.map((l) => (
            <option key={l.minutes} value={l.minutes}>
              {l.label} to pay
            </option>
          ))}
        </Select>
      </FormField>
      <TextField
        id="buyerEmail"
        label="Buyer's email for the receipt (optional)"
        error={errors.buyerEmail?.message}
        type="email"
        autoComplete="off"
        {...form.register("buyerEmail")}
      />
      <FormActions
        onCancel={onCancel}
        pending={pending}
        submitLabel="Create payment"
        pendingLabel="Creating…"
      />
    </form>
  );
}
