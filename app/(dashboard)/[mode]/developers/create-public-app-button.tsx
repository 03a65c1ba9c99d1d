"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { showActionResult } from "@/components/forms/action-feedback";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import type { Mode } from "@/lib/db";
import { CreatePublicAppInput } from "@/lib/schemas/api-key";
import { createPublicAppAction } from "./actions";

export function CreatePublicAppButton({ mode }: { mode: Mode }) {
  const [open, setOpen] = useState(false);
  const form = useForm({ resolver: zodResolver(CreatePublicAppInput), defaultValues: { name: "" } });
  const { errors, isSubmitting } = form.formState;

  const close = () => {
    setOpen(false);
    form.reset();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    if (showActionResult(await createPublicAppAction({ ...values, mode }), { form, success: "App-Id created" })) close();
  });

  return (
    <>
      <Button type="button" variant="outline" onClick={() => setOpen(true)}>
        Create App-Id
      </Button>
      <Dialog open={open} onClose={close} title={`Create a ${mode} App-Id`} description="Name it after the app that will use it.">
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField id="app-name" label="Name" error={errors.name?.message}>
            <Input id="app-name" placeholder="e.g. iOS wallet" autoComplete="off" autoFocus aria-invalid={!!errors.name} aria-describedby={errors.name ? "app-name-error" : undefined} {...form.register("name")} />
          </FormField>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? "Creating…" : "Create App-Id"}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
