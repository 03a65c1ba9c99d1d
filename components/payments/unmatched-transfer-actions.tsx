"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import {
  attachUnmatchedTransferAction,
  dismissUnmatchedTransferAction,
} from "@/lib/platform/actions/unmatched-transfers";
import { showActionResult } from "@/components/forms/action-feedback";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import type { Mode } from "@/lib/core/db";
import {
  AttachUnmatchedTransferInputSchema,
  DismissUnmatchedTransferInputSchema,
} from "@/lib/domain/schemas/unmatched-transfer";

type Candidate = { id: string; referenceId: string; status: string };

/** Attach an unmatched transfer to a payment (verified on-chain like any attach) or dismiss it with a note. */
export function UnmatchedTransferActions({
  mode,
  transferId,
  amount,
  candidates,
  likely,
}: {
  mode: Mode;
  transferId: string;
  amount: string;
  candidates: Candidate[];
  likely: Candidate | null;
}) {
  return (
    <div className="space-y-3">
      {likely ? <LikelyPayment mode={mode} transferId={transferId} likely={likely} /> : null}
      <div className="flex flex-wrap gap-2">
        <AttachDialog mode={mode} transferId={transferId} amount={amount} candidates={candidates} />
        <DismissDialog mode={mode} transferId={transferId} amount={amount} />
      </div>
    </div>
  );
}

/**
 * The watcher's guess (the one open payment asking for exactly this amount at this wallet): nothing
 * proves the buyer sent it for that payment, so it pays it only when support confirms.
 */
function LikelyPayment({ mode, transferId, likely }: { mode: Mode; transferId: string; likely: Candidate }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setPending(true);
    setError(null);
    const result = await attachUnmatchedTransferAction({ mode, transferId, paymentId: likely.id });
    setPending(false);
    if (!result.ok) return setError(result.fieldErrors?.paymentId ?? result.error);
    showActionResult(result, { success: "Transfer attached: the payment is checked on-chain" });
    router.refresh();
  };
  return (
    <div className="rounded-md border border-border bg-muted/40 p-3" data-testid="likely-payment">
      <p>
        Likely this payment: <span className="font-medium">{likely.referenceId}</span>{" "}
        <span className="font-mono text-xs text-muted-foreground">{likely.id}</span> — confirm?
      </p>
      <p className="mt-1 text-xs text-muted-foreground">
        A guess from the amount and the wallet only: the buyer did not tell us. Confirming is audit-logged and
        verified on-chain.
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <Button type="button" size="sm" onClick={confirm} disabled={pending}>
          {pending ? "Checking on-chain…" : "Confirm this payment"}
        </Button>
        {error ? (
          <p role="alert" className="text-xs text-destructive">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function AttachDialog({
  mode,
  transferId,
  amount,
  candidates,
}: {
  mode: Mode;
  transferId: string;
  amount: string;
  candidates: Candidate[];
}) {
  const [open, setOpen] = useState(false);
  const router = useRouter();
  const form = useForm<{ transferId: string; paymentId: string }>({
    resolver: zodResolver(AttachUnmatchedTransferInputSchema),
    defaultValues: { transferId, paymentId: candidates[0]?.id ?? "" },
  });
  const { errors, isSubmitting } = form.formState;
  const id = `attach-${transferId}`;
  const close = () => {
    setOpen(false);
    form.reset();
  };
  const submit = form.handleSubmit(async (values) => {
    const data = showActionResult(await attachUnmatchedTransferAction({ mode, ...values }), {
      form,
      success: "Transfer attached: the payment is checked on-chain",
    });
    if (!data) return;
    close();
    router.refresh();
  });
  return (
    <>
      <Button type="button" size="sm" onClick={() => setOpen(true)}>
        Attach to payment
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title="Attach to a payment"
        description={
          <>
            <span className="break-all font-medium text-foreground">{amount}</span> is verified on-chain
            against the payment like any transaction: the right token, wallet, amount and time.
          </>
        }
      >
        <form onSubmit={submit} noValidate className="space-y-4" aria-label="Attach to payment">
          <FormField id={`${id}-payment`} label="Payment id" error={errors.paymentId?.message}>
            <Input
              id={`${id}-payment`}
              list={`${id}-candidates`}
              className="font-mono"
              placeholder="pay_…"
              spellCheck={false}
              autoComplete="off"
              aria-invalid={!!errors.paymentId}
              aria-describedby={errors.paymentId ? `${id}-payment-error` : undefined}
              {...form.register("paymentId")}
            />
          </FormField>
          {candidates.length ? (
            <datalist id={`${id}-candidates`}>
              {candidates.map((c) => (
                <option key={c.id} value={c.id}>{`${c.referenceId} (${c.status})`}</option>
              ))}
            </datalist>
          ) : null}
          <p className="text-xs text-muted-foreground">
            {candidates.length
              ? "Suggested: unpaid or expired payments of the merchants paid at this wallet, newest first."
              : "No unpaid payment of a merchant paid at this wallet was created before it; paste the id of the one it was for."}
          </p>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={close} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? "Checking on-chain…" : "Verify and attach"}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

function DismissDialog({ mode, transferId, amount }: { mode: Mode; transferId: string; amount: string }) {
  const [open, setOpen] = useState(false);
  const router = useRouter();
  const form = useForm<{ transferId: string; note: string }>({
    resolver: zodResolver(DismissUnmatchedTransferInputSchema),
    defaultValues: { transferId, note: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const id = `dismiss-${transferId}`;
  const close = () => {
    setOpen(false);
    form.reset();
  };
  const submit = form.handleSubmit(async (values) => {
    if (
      !showActionResult(await dismissUnmatchedTransferAction({ mode, ...values }), {
        form,
        success: "Transfer dismissed",
      })
    )
      return;
    close();
    router.refresh();
  });
  return (
    <>
      <Button type="button" size="sm" variant="outline" onClick={() => setOpen(true)}>
        Dismiss
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title="Dismiss this transfer?"
        description={
          <>
            <span className="break-all font-medium text-foreground">{amount}</span> leaves the inbox and is
            kept under Dismissed with your note. Nothing moves on-chain.
          </>
        }
      >
        <form onSubmit={submit} noValidate className="space-y-4" aria-label="Dismiss transfer">
          <FormField id={`${id}-note`} label="Note" error={errors.note?.message}>
            <Textarea
              id={`${id}-note`}
              rows={3}
              aria-invalid={!!errors.note}
              aria-describedby={errors.note ? `${id}-note-error` : undefined}
              {...form.register("note")}
            />
          </FormField>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={close} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={isSubmitting}>
              {isSubmitting ? "Dismissing…" : "Dismiss transfer"}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
