"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { createPaymentLinkAction } from "@/app/(dashboard)/[mode]/payment-links/actions";
import { showActionResult } from "@/components/forms/action-feedback";
import { FormActions } from "@/components/forms/form-actions";
import { MerchantField } from "@/components/merchants/merchant-field";
import { MerchantRequired } from "@/components/merchants/merchant-required";
import { LinkShare } from "@/components/payments/link-share";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { Mode } from "@/lib/db";
import { currencyCodes } from "@/lib/schemas/dashboard-money";
import { NewPaymentLinkForm, type NewPaymentLinkValues } from "@/lib/schemas/payment-link";

type Merchant = { id: string; name: string };

/** "New payment link": a reusable link (fixed or buyer-entered amount), then its URL and QR code. */
export function NewPaymentLinkButton({ mode, merchants }: { mode: Mode; merchants: Merchant[] }) {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<{ id: string; url: string } | null>(null);
  const close = () => {
    setOpen(false);
    setCreated(null);
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>New payment link</Button>
      <Dialog open={open} onClose={close} title={created ? "Payment link created" : "New payment link"} description={created ? "Every buyer who continues on this page gets a payment of their own." : `A reusable ${mode}-mode link: share it once, take many payments.`}>
        {created ? (
          <div className="space-y-4">
            <LinkShare url={created.url} name={created.id} />
            <div className="flex justify-end">
              <Button type="button" onClick={close}>
                Done
              </Button>
            </div>
          </div>
        ) : merchants.length === 0 ? (
          <MerchantRequired mode={mode} reason="Create a merchant first: every payment link takes payments for one." onClose={close} />
        ) : (
          <LinkFields mode={mode} merchants={merchants} onCreated={setCreated} onCancel={close} />
        )}
      </Dialog>
    </>
  );
}

function LinkFields({ mode, merchants, onCreated, onCancel }: { mode: Mode; merchants: Merchant[]; onCreated: (l: { id: string; url: string }) => void; onCancel: () => void }) {
  const form = useForm<NewPaymentLinkValues>({
    resolver: zodResolver(NewPaymentLinkForm),
    defaultValues: { merchantId: merchants[0]?.id ?? "", currency: "USD", kind: "fixed", amount: "", minAmount: "", maxAmount: "", referencePrefix: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const kind = useWatch({ control: form.control, name: "kind" });
  const submit = form.handleSubmit(async (values) => {
    const data = showActionResult(await createPaymentLinkAction({ ...values, mode }), { form, success: "Payment link created" });
    if (data) onCreated(data);
  });
  const described = (name: keyof NewPaymentLinkValues) => ({ "aria-invalid": !!errors[name], "aria-describedby": errors[name] ? `${name}-error` : undefined });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <MerchantField merchants={merchants} error={errors.merchantId?.message} {...form.register("merchantId")} />
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
            <FormField id="amount" label="Amount" error={errors.amount?.message}>
              <Input id="amount" inputMode="decimal" autoComplete="off" placeholder="25.00" {...described("amount")} {...form.register("amount")} />
            </FormField>
          </div>
        ) : (
          <>
            <FormField id="minAmount" label="Minimum (optional)" error={errors.minAmount?.message}>
              <Input id="minAmount" inputMode="decimal" autoComplete="off" placeholder="1.00" {...described("minAmount")} {...form.register("minAmount")} />
            </FormField>
            <FormField id="maxAmount" label="Maximum" error={errors.maxAmount?.message}>
              <Input id="maxAmount" inputMode="decimal" autoComplete="off" placeholder="500.00" {...described("maxAmount")} {...form.register("maxAmount")} />
            </FormField>
          </>
        )}
        <FormField id="currency" label="Currency" error={errors.currency?.message}>
          <Select id="currency" {...described("currency")} {...form.register("currency")}>
            {currencyCodes.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </Select>
        </FormField>
      </div>
      <FormField id="referencePrefix" label="Reference prefix" error={errors.referencePrefix?.message}>
        <Input id="referencePrefix" autoComplete="off" placeholder="DONATION" aria-describedby={errors.referencePrefix ? "referencePrefix-error" : "referencePrefix-hint"} aria-invalid={!!errors.referencePrefix} {...form.register("referencePrefix")} />
      </FormField>
      <p id="referencePrefix-hint" className="text-xs text-muted-foreground">
        Each payment&apos;s reference is this prefix, a dash and a random suffix (DONATION-7fK2…).
      </p>
      <FormActions onCancel={onCancel} pending={isSubmitting} submitLabel="Create link" pendingLabel="Creating…" />
    </form>
  );
}
