"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { TextField } from "@/components/forms/text-field";
import { useFreshAuth } from "@/components/auth/use-fresh-auth";
import { showActionResult } from "@/components/forms/action-feedback";
import { FormActions } from "@/components/forms/form-actions";
import { useFormDialog } from "@/components/forms/use-form-dialog";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { EventCheckboxes } from "@/components/webhooks/event-checkboxes";
import { SigningSecretShownOnce } from "@/components/webhooks/signing-secret-shown-once";
import type { Mode } from "@/lib/core/db";
import { allEvents } from "@/lib/domain/schemas/event-types";
import { CreateWebhookEndpointBodySchema } from "@/lib/domain/schemas/webhook";
import { createWebhookEndpointAction } from "@/lib/platform/actions/webhooks";

/** Add → the endpoint's signing secret, once. */
export function AddEndpointButton({ mode }: { mode: Mode }) {
  const form = useForm({
    resolver: zodResolver(CreateWebhookEndpointBodySchema),
    defaultValues: { url: "", events: [allEvents] },
  });
  const { errors, isSubmitting } = form.formState;
  const {
    open,
    show,
    created: secret,
    setCreated: setSecret,
    close,
    dismiss,
    leaving,
    stay,
  } = useFormDialog<string>(form);
  const freshAuth = useFreshAuth(mode);

  const onSubmit = form.handleSubmit(async (values) => {
    const data = showActionResult(
      await freshAuth.run(() => createWebhookEndpointAction({ ...values, mode })),
      { form, success: "Webhook endpoint added" },
    );
    if (data) setSecret(data.secret);
  });

  return (
    <>
      <Button type="button" onClick={show}>
        Add endpoint
      </Button>
      {freshAuth.dialog}
      <Dialog
        open={open}
        onClose={dismiss}
        title={secret ? "Copy the signing secret" : `Add a ${mode} webhook endpoint`}
        description={secret ? undefined : `Tollgate POSTs ${mode}-mode events to it, signed.`}
      >
        {secret ? (
          <SigningSecretShownOnce secret={secret} onDone={close} leaving={leaving} onStay={stay} />
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            <TextField
              id="endpoint-url"
              label="Endpoint URL"
              error={errors.url?.message}
              type="url"
              placeholder="https://example.com/tollgate/webhooks"
              autoComplete="off"
              autoFocus
              {...form.register("url")}
            />
            <EventCheckboxes idPrefix="new-endpoint" field={form.register("events")} error={errors.events} />
            <FormActions
              onCancel={close}
              pending={isSubmitting}
              submitLabel="Add endpoint"
              pendingLabel="Adding…"
            />
          </form>
        )}
      </Dialog>
    </>
  );
}
