"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { TextField } from "@/components/forms/text-field";
import { showActionResult } from "@/components/forms/action-feedback";
import { FormActions } from "@/components/forms/form-actions";
import { ReturnOriginsField } from "@/components/forms/return-origins-field";
import { useFormDialog } from "@/components/forms/use-form-dialog";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { Mode } from "@/lib/core/db";
import { CreatePublicAppInputSchema } from "@/lib/domain/schemas/api-key";
import { createPublicAppAction } from "@/lib/platform/actions/api-keys";

export function CreatePublicAppButton({ mode }: { mode: Mode }) {
  const form = useForm({
    resolver: zodResolver(CreatePublicAppInputSchema),
    defaultValues: { name: "", allowedReturnOrigins: [] },
  });
  const { errors, isSubmitting } = form.formState;
  const { open, show, close } = useFormDialog(form);

  const onSubmit = form.handleSubmit(async (values) => {
    if (
      showActionResult(await createPublicAppAction({ ...values, mode }), { form, success: "App-Id created" })
    )
      close();
  });

  return (
    <>
      <Button type="button" variant="outline" onClick={show}>
        Create App-Id
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title={`Create a ${mode} App-Id`}
        description="Name it after the app that will use it."
      >
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <TextField
            id="app-name"
            label="Name"
            error={errors.name?.message}
            placeholder="e.g. iOS wallet"
            autoComplete="off"
            autoFocus
            {...form.register("name")}
          />
          <ReturnOriginsField
            id="app-return-origins"
            control={form.control}
            name="allowedReturnOrigins"
            error={errors.allowedReturnOrigins?.message}
          />
          <FormActions
            onCancel={close}
            pending={isSubmitting}
            submitLabel="Create App-Id"
            pendingLabel="Creating…"
          />
        </form>
      </Dialog>
    </>
  );
}
