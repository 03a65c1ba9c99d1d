"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import {
  attachPaymentTransactionAction,
  attachRefundTransactionAction,
} from "@/lib/platform/actions/payments";
import { showActionResult } from "@/components/forms/action-feedback";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { Mode } from "@/lib/core/db";
import { TransactionIdSchema } from "@/lib/domain/schemas/attach-transaction";

export type AttachTarget =
  | { kind: "payment"; paymentId: string; options: { settlementId: string; label: string }[] | null }
  | { kind: "refund"; refundId: string };

type Values = { txHash: string; settlementId: string };
const withOption = zodResolver(
  z.object({
    txHash: z.string().trim().pipe(TransactionIdSchema),
    settlementId: z.string().min(1, "Choose the option the buyer paid with."),
  }),
);
const hashOnly = zodResolver(
  z.object({ txHash: z.string().trim().pipe(TransactionIdSchema), settlementId: z.string() }),
);

/**
 * A transaction hash support staff attach to a live payment (the buyer's transfer) or refund (the
 * merchant's return transfer). Nothing is trusted: the server checks the hash on-chain and any
 * reason it does not count is shown under the field.
 */
export function AttachTransactionForm({ mode, target }: { mode: Mode; target: AttachTarget }) {
  const options = target.kind === "payment" ? target.options : null;
  const form = useForm<Values>({
    resolver: options ? withOption : hashOnly,
    defaultValues: { txHash: "", settlementId: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const id = target.kind === "payment" ? `attach-${target.paymentId}` : `attach-${target.refundId}`;

  const done = (message: string) => {
    form.reset();
    toast.success(message);
  };

  const submit = form.handleSubmit(async ({ txHash, settlementId }) => {
    if (target.kind === "payment") {
      const result = await attachPaymentTransactionAction({
        mode,
        paymentId: target.paymentId,
        txHash,
        ...(settlementId ? { settlementId } : {}),
      });
      const data = showActionResult(result, { form });
      if (data)
        done(
          data.status === "succeeded"
            ? "Transaction verified: the payment succeeded"
            : "Transaction found: the payment is confirming",
        );
    } else {
      const data = showActionResult(
        await attachRefundTransactionAction({ mode, refundId: target.refundId, txHash }),
        { form },
      );
      if (data)
        done(
          data.confirming
            ? "Return transfer found: the refund completes once it is confirmed"
            : "Return transfer verified: the refund succeeded",
        );
    }
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-3"
      aria-label={target.kind === "payment" ? "Attach a transaction" : "Attach the return transfer"}
    >
      {options ? (
        <FormField id={`${id}-option`} label="Paid with" error={errors.settlementId?.message}>
          <Select
            id={`${id}-option`}
            aria-invalid={!!errors.settlementId}
            aria-describedby={errors.settlementId ? `${id}-option-error` : undefined}
            {...form.register("settlementId")}
          >
            <option value="">Choose the option the buyer paid with</option>
            {options.map((o) => (
              <option key={o.settlementId} value={o.settlementId}>
                {o.label}
              </option>
            ))}
          </Select>
        </FormField>
      ) : null}
      <FormField id={`${id}-hash`} label="Transaction hash" error={errors.txHash?.message}>
        <div className="flex flex-wrap gap-2">
          <Input
            id={`${id}-hash`}
            className="min-w-0 flex-1 font-mono"
            placeholder="0x… or a Solana signature"
            spellCheck={false}
            autoComplete="off"
            aria-invalid={!!errors.txHash}
            aria-describedby={errors.txHash ? `${id}-hash-error` : undefined}
            {...form.register("txHash")}
          />
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? "Checking on-chain…" : "Verify and attach"}
          </Button>
        </div>
      </FormField>
    </form>
  );
}
