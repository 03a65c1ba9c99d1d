"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { createPaymentAction } from "@/app/(dashboard)/[mode]/payments/actions";
import { showActionResult } from "@/components/forms/action-feedback";
import { FormActions } from "@/components/forms/form-actions";
import { MerchantField } from "@/components/merchants/merchant-field";
import { MerchantRequired } from "@/components/merchants/merchant-required";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { Mode } from "@/lib/db";
import { currencyCodes } from "@/lib/schemas/dashboard-money";
import { NewPaymentForm, paymentLifetimes, type NewPaymentValues } from "@/lib/schemas/payment";
import { LinkShare } from "./link-share";

type Merchant = { id: string; name: string };

/** "New payment": a one-off payment through the same createPayment as the API, then its link and QR code. */
export function NewPaymentButton({ mode, merchants }: { mode: Mode; merchants: Merchant[] }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<{ id: string; url: string } | null>(null);
  const close = () => {
    setOpen(false);
    setCreated(null);
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>New payment</Button>
      <Dialog open={open} onClose={close} title={created ? "Payment created" : "New payment"} description={created ? "Send the buyer this link or let them scan the code." : `A ${mode}-mode payment for one buyer, paid on Tollgate's checkout.`}>
        {created ? (
          <div className="space-y-4">
            <LinkShare url={created.url} name={created.id} />
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={() => router.push(`/${mode}/payments/${created.id}`)}>
                View payment
              </Button>
              <Button type="button" onClick={close}>
                Done
              </Button>
            </div>
          </div>
        ) : merchants.length === 0 ? (
          <MerchantRequired mode={mode} reason="Create a merchant first: every payment is made to one." onClose={close} />
        ) : (
          <NewPaymentFields mode={mode} merchants={merchants} onCreated={setCreated} onCancel={close} />
        )}
      </Dialog>
    </>
  );
}

function NewPaymentFields({ mode, merchants, onCreated, onCancel }: { mode: Mode; merchants: Merchant[]; onCreated: (p: { id: string; url: string }) => void; onCancel: () => void }) {
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
        <FormField id="currency" label="Currency" error={errors.currency?.message}>
          <Select id="currency" {...described("currency")} {...form.register("currency")}>
            {currencyCodes.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </Select>
        </FormField>
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
