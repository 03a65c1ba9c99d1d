"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { TextField } from "@/components/forms/text-field";
import { showActionResult } from "@/components/forms/action-feedback";
import { FormActions } from "@/components/forms/form-actions";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { Mode } from "@/lib/core/db";
import { redeliverFailedWebhooksAction } from "@/lib/platform/actions/webhooks";

// The inputs hold the viewer's local time; the server gets (and judges) the instants they name.
const localTime = (message: string) =>
  z.string().refine((value) => value !== "" && !Number.isNaN(new Date(value).getTime()), message);
const RangeFormSchema = z.object({
  from: localTime("Enter when the range starts."),
  to: localTime("Enter when the range ends."),
});
type RangeValues = z.infer<typeof RangeFormSchema>;

const dayMs = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DDTHH:mm` in the viewer's time zone, as a datetime-local input shows it. */
function toLocalInput(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

const defaultRange = (): RangeValues => {
  const now = new Date();
  return {
    from: toLocalInput(new Date(now.getTime() - dayMs)),
    to: toLocalInput(new Date(now.getTime() + 60_000)),
  };
};

/** Asks for a time range, says what will happen, then queues every failed delivery in it once. */
export function RedeliverFailedButton({
  mode,
  endpointId,
  disabled,
}: {
  mode: Mode;
  endpointId: string;
  disabled: boolean;
}) {
  const form = useForm<RangeValues>({
    resolver: zodResolver(RangeFormSchema),
    defaultValues: defaultRange(),
  });
  const { errors, isSubmitting } = form.formState;
  const [open, setOpen] = useState(false);
  // One key per opened dialog: a second click or a retry of the same request is answered, not repeated.
  const [requestKey, setRequestKey] = useState("");
  const close = () => setOpen(false);

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await redeliverFailedWebhooksAction({
      mode,
      endpointId,
      requestKey,
      from: new Date(values.from).toISOString(),
      to: new Date(values.to).toISOString(),
    });
    const data = showActionResult(result, { form });
    if (!data) return;
    if (data.redelivered === 0) toast.info("No failed deliveries in that range.");
    else
      toast.success(
        `${data.redelivered} failed ${data.redelivered === 1 ? "delivery" : "deliveries"} queued to be sent again${data.hasMore ? "; more remain, run it again for the next 1,000" : ""}.`,
      );
    close();
  });

  return (
    <>
      <Button
        type="button"
        variant="outline"
        disabled={disabled}
        title={disabled ? "Enable the endpoint first." : undefined}
        onClick={() => {
          form.reset(defaultRange());
          setRequestKey(crypto.randomUUID());
          setOpen(true);
        }}
      >
        Redeliver failed…
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title="Redeliver failed deliveries?"
        description="Every delivery to this endpoint that failed for good and was created in this range is sent again, once, signed with the current secret. Times are in your time zone."
      >
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <TextField
            id="redeliver-from"
            label="From"
            error={errors.from?.message}
            type="datetime-local"
            {...form.register("from")}
          />
          <TextField
            id="redeliver-to"
            label="To"
            error={errors.to?.message}
            type="datetime-local"
            {...form.register("to")}
          />
          <FormActions
            onCancel={close}
            pending={isSubmitting}
            submitLabel="Redeliver failed deliveries"
            pendingLabel="Queuing…"
          />
        </form>
      </Dialog>
    </>
  );
}
