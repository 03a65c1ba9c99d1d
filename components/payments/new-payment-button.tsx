"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { createPaymentAction } from "@/app/(dashboard)/[mode]/payments/actions";
import { showActionResult } from "@/components/forms/action-feedback";
import { FormActions } from "@/components/forms/form-actions";
import { MerchantField } from "@/components/merchants/merchant-field";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { Mode } from "@/lib/db";
import { NewPaymentForm, paymentLifetimes, type NewPaymentValues } from "@/lib/schemas/payment";
import { CreateLinkDialog, type CreatedLink, type MerchantOption } from "./create-link-dialog";
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
        <Button type="button" variant="outline" onClick={() => router.push(`/${mode}/payments/${created.id}`)}>
          View payment
        </Button>
      )}
      fields={(props) => <NewPaymentFields mode={mode} merchants={merchants} {...props} />}
    />
  );
}

function NewPaymentFields({ mode, merchants, onCreated, onCancel }: { mode: Mode; merchants: MerchantOption[]; onCreated: (p: CreatedLink) => void; onCancel: () => void }) {
  const form = useForm<NewPaymentValues>({
    resolver: zodResolver(NewPaymentForm),
    defaultValues: { merchantId: merchants[0]?.id ?? "", currency: "USD", amount: "", referenceId: "", expiresInMinutes: 60, buyerEmail: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    const data = showActionResult(await createPaymentAction({ ...values, mode }), { form, success: "Payment created" });
    if (data) onCreated(data);
  });
  const described = (name: keyof NewPaymentValues) => ({ "aria-invalid": !!errors[name], "aria-describedby": errors[name] ? `${name}-error` : undefined });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <MerchantField merchants={merchants} error={errors.merchantId?.message} {...form.register("merchantId")} />
      <div className="grid grid-cols-[1fr_7rem] gap-3">
        <FormField id="amount" label="Amount" error={errors.amount?.message}>
          <Input id="amount" inputMode="decimal" autoComplete="off" placeholder="10.50" autoFocus {...described("amount")} {...form.register("amount")} />
        </FormField>
        <CurrencyField error={errors.currency?.message} {...form.register("currency")} />
      </div>
      <FormField id="referenceId" label="Reference (your order number)" error={errors.referenceId?.message}>
        <Input id="referenceId" autoComplete="off" placeholder="INV-1042" {...described("referenceId")} {...form.register("referenceId")} />
      </FormField>
      <FormField id="expiresInMinutes" label="Buyer has" error={errors.expiresInMinutes?.message}>
        <Select id="expiresInMinutes" {...described("expiresInMinutes")} {...form.register("expiresInMinutes")}>
          {paymentLifetimes.map((l) => (
            <option key={l.minutes} value={l.minutes}>
              {l.label} to pay
            </option>
          ))}
        </Select>
      </FormField>
      <FormField id="buyerEmail" label="Buyer's email for the receipt (optional)" error={errors.buyerEmail?.message}>
        <Input id="buyerEmail" type="email" autoComplete="off" {...described("buyerEmail")} {...form.register("buyerEmail")} />
      </FormField>
      <FormActions onCancel={onCancel} pending={isSubmitting} submitLabel="Create payment" pendingLabel="Creating…" />
    </form>
  );
}
