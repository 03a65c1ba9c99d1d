"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { TextField } from "@/components/forms/text-field";
import { showActionResult } from "@/components/forms/action-feedback";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { AcceptInvitationInputSchema } from "@/lib/domain/schemas/auth";
import { acceptInvitationAction } from "@/lib/platform/actions/team";

export function AcceptInvitationForm({ token, email }: { token: string; email: string }) {
  const [sent, setSent] = useState(false);
  const form = useForm({
    resolver: zodResolver(AcceptInvitationInputSchema),
    defaultValues: { token, name: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (showActionResult(await acceptInvitationAction(values), { form })) setSent(true);
  });

  if (sent) {
    return (
      <div role="status" data-testid="join-sent" className="space-y-2 text-sm">
        <p className="font-medium">Check your email.</p>
        <p className="text-muted-foreground">
          We sent a message to <strong className="break-all text-foreground">{email}</strong>. Follow its link
          and enter the password you just chose to finish joining.
        </p>
      </div>
    );
  }

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField id="email" label="Email">
        <Input id="email" type="email" value={email} readOnly aria-readonly className="bg-muted" />
      </FormField>
      <TextField
        id="name"
        label="Your name"
        error={errors.name?.message}
        autoComplete="name"
        autoFocus
        {...form.register("name")}
      />
      <TextField
        id="password"
        label="Choose a password"
        error={errors.password?.message}
        type="password"
        autoComplete="new-password"
        {...form.register("password")}
      />
      <p className="text-xs text-muted-foreground">
        At least 10 characters. We then mail you a link to finish.
      </p>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Sending…" : "Join the team"}
      </Button>
    </form>
  );
}
