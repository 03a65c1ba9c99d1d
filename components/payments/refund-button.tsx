"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { toast } from "sonner";
import { TextField } from "@/components/forms/text-field";
import { refundPaymentAction } from "@/lib/platform/actions/payments";
import { FormActions } from "@/components/forms/form-actions";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import type { Mode } from "@/lib/core/db";
import { compareValues, parseUnits } from "@/lib/core/money/money";
import { formatAmount } from "@/lib/core/money/format-amount";
import { CreateRefundBodySchema, type CreateRefundInput } from "@/lib/domain/schemas/refund";

type Values = { amount: string; reason: string };
const unsettled = new Set([
  "idempotency_in_progress",
  "service_unavailable",
  "internal_error",
  "rate_limited",
]);
const schemaResolver = zodResolver(CreateRefundBodySchema);

/**
 * Refunds a succeeded payment: everything left by default, or an amount typed in the payment's
 * own unit (e.g. 2.50 for $2.50). Asks before sending, since money leaves the merchant.
 */
export function RefundButton({
  mode,
  paymentId,
  unit,
  decimals,
  refundable,
  refunded,
  total,
}: {
  mode: Mode;
  paymentId: string;
  unit: string;
  decimals: number;
  refundable: string;
  refunded: string;
  total: string;
}) {
  const [open, setOpen] = useState(false);
  // One key per opening of the form: whatever happens inside it (double clicks, retries) is one refund.
  const [idempotencyKey, setIdempotencyKey] = useState("");
  const [confirming, setConfirming] = useState<CreateRefundInput | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const resolver: Resolver<Values, unknown, CreateRefundInput> = async (values, context, options) => {
    const typed = values.amount.trim();
    const value = typed === "" ? null : parseUnits(typed, decimals, "Amount");
    if (value && !value.ok)
      return { values: {}, errors: { amount: { type: "validate", message: value.error } } } as never;
    if (value && value.value !== "0" && compareValues(value.value, refundable) > 0) {
      return {
        values: {},
        errors: {
          amount: { type: "validate", message: `At most ${formatAmount(unit, refundable)} can be refunded.` },
        },
      } as never;
    }
    const body = {
      paymentId,
      ...(value ? { amount: { unit, value: value.value } } : {}),
      ...(values.reason.trim() ? { reason: values.reason } : {}),
    };
    const result = await schemaResolver(body, context, options as never);
    const amountError = (result.errors as { amount?: { value?: { message?: string } } }).amount?.value
      ?.message;
    return (
      amountError ? { values: {}, errors: { amount: { type: "validate", message: amountError } } } : result
    ) as never;
  };
  const form = useForm<Values, unknown, CreateRefundInput>({
    resolver,
    defaultValues: { amount: "", reason: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const show = () => {
    form.reset();
    setIdempotencyKey(crypto.randomUUID());
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setConfirming(null);
    setFailure(null);
    form.reset();
  };
  const already =
    refunded === "0"
      ? ""
      : `${formatAmount(unit, refunded)} of ${formatAmount(unit, total)} already refunded. `;

  return (
    <>
      <Button variant="outline" size="sm" onClick={show}>
        Refund
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title={confirming ? "Send this refund?" : "Refund payment"}
        description={
          confirming ? undefined : `${already}Up to ${formatAmount(unit, refundable)} can be refunded.`
        }
      >
        {confirming ? (
          <div className="space-y-4">
            <p className="text-sm">
              Refund <strong>{formatAmount(unit, confirming.amount?.value ?? refundable)}</strong> to the
              buyer. This cannot be undone.
            </p>
            <div className="flex justify-end gap-2">
              <Button variant="outline" onClick={() => setConfirming(null)} disabled={isSubmitting}>
                Back
              </Button>
              <Button
                variant="destructive"
                disabled={isSubmitting}
                onClick={form.handleSubmit(async () => {
                  const result = await refundPaymentAction({ ...confirming, idempotencyKey, mode });
                  if (result.ok) {
                    toast.success("Refund created");
                    return close();
                  }
                  // A refused refund is settled; correcting it is a new request. An unknown outcome keeps
                  // the key, so trying again cannot refund twice.
                  if (!unsettled.has(result.code)) setIdempotencyKey(crypto.randomUUID());
                  // Shown in the dialog, not as a toast: a toast would sit behind the modal.
                  setConfirming(null);
                  const amountError =
                    result.fieldErrors?.["amount.value"] ?? result.fieldErrors?.["amount.unit"];
                  if (amountError) form.setError("amount", { type: "server", message: amountError });
                  else setFailure(result.error);
                })}
              >
                {isSubmitting ? "Refunding…" : "Refund"}
              </Button>
            </div>
          </div>
        ) : (
          <form
            onSubmit={form.handleSubmit((body) => {
              setFailure(null);
              setConfirming(body);
            })}
            noValidate
            className="space-y-4"
          >
            {failure ? (
              <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
                {failure}
              </p>
            ) : null}
            <TextField
              id="refund-amount"
              label="Amount (leave empty for the full amount)"
              error={errors.amount?.message}
              inputMode="decimal"
              autoFocus
              autoComplete="off"
              placeholder={formatAmount(unit, refundable)}
              {...form.register("amount")}
            />
            <FormField id="refund-reason" label="Reason (optional)" error={errors.reason?.message}>
              <Textarea id="refund-reason" rows={2} {...form.register("reason")} />
            </FormField>
            <FormActions onCancel={close} submitLabel="Review refund" />
          </form>
        )}
      </Dialog>
    </>
  );
}
