"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { TextField } from "@/components/forms/text-field";
import { showActionResult } from "@/components/forms/action-feedback";
import { Button } from "@/components/ui/button";
import { ForgotPasswordInputSchema } from "@/lib/domain/schemas/auth";
import { forgotPasswordAction } from "@/lib/platform/actions/auth";

export function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(ForgotPasswordInputSchema), defaultValues: { email: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const data = showActionResult(await forgotPasswordAction(values), { form });
    if (data) setSentTo(data.email);
  });

  // The same words whether or not the email has a login: the page must not tell who signed up.
  if (sentTo) {
    return (
      <div role="status" className="space-y-3 text-sm">
        <p>
          If <strong className="break-all">{sentTo}</strong> belongs to a Tollgate login, a link to choose a
          new password is on its way. It works once, for 30 minutes.
        </p>
        <p className="text-muted-foreground">
          Nothing after a few minutes? Check your spam folder, or ask again.
        </p>
        <Button type="button" variant="outline" className="w-full" onClick={() => setSentTo(null)}>
          Ask again
        </Button>
      </div>
    );
  }

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField
        id="email"
        label="Email"
        error={errors.email?.message}
        type="email"
        autoComplete="email"
        autoFocus
        {...form.register("email")}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Sending…" : "Send reset link"}
      </Button>
    </form>
  );
}
