"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { TextField } from "@/components/forms/text-field";
import { useFreshAuth } from "@/components/auth/use-fresh-auth";
import { showActionResult } from "@/components/forms/action-feedback";
import { Button } from "@/components/ui/button";
import { EventCheckboxes } from "@/components/webhooks/event-checkboxes";
import type { Mode } from "@/lib/core/db";
import { UpdateWebhookEndpointBodySchema } from "@/lib/domain/schemas/webhook";
import { updateWebhookEndpointAction } from "@/lib/platform/actions/webhooks";

export function EditEndpointForm({
  mode,
  endpoint,
}: {
  mode: Mode;
  endpoint: { id: string; url: string; events: string[]; enabled: boolean };
}) {
  // The stored events were validated against the same list when saved.
  const defaultValues: z.input<typeof UpdateWebhookEndpointBodySchema> = {
    url: endpoint.url,
    events: endpoint.events as z.input<typeof UpdateWebhookEndpointBodySchema>["events"],
    enabled: endpoint.enabled,
  };
  const form = useForm({ resolver: zodResolver(UpdateWebhookEndpointBodySchema), defaultValues });
  const { errors, isSubmitting, isDirty } = form.formState;
  const freshAuth = useFreshAuth(mode);

  const onSubmit = form.handleSubmit(async (values) => {
    if (
      showActionResult(
        await freshAuth.run(() => updateWebhookEndpointAction({ ...values, endpointId: endpoint.id, mode })),
        { form, success: "Webhook endpoint saved" },
      )
    )
      form.reset(values);
  });

  return (
    <>
      {freshAuth.dialog}
      <form onSubmit={onSubmit} noValidate className="max-w-2xl space-y-4">
        <TextField
          id="edit-endpoint-url"
          label="Endpoint URL"
          error={errors.url?.message}
          type="url"
          autoComplete="off"
          {...form.register("url")}
        />
        <EventCheckboxes idPrefix="edit-endpoint" field={form.register("events")} error={errors.events} />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...form.register("enabled")} />
          <span>
            Enabled{" "}
            <span className="text-muted-foreground">
              (a disabled endpoint is sent nothing; enabling it starts its failure record afresh)
            </span>
          </span>
        </label>
        <div className="flex justify-end">
          <Button type="submit" disabled={isSubmitting || !isDirty}>
            {isSubmitting ? "Saving…" : "Save changes"}
          </Button>
        </div>
      </form>
    </>
  );
}
