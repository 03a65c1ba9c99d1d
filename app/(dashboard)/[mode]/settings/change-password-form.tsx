"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { TextField } from "@/components/forms/text-field";
import { NewPasswordHint } from "@/components/auth/password-fields";
import { showActionResult } from "@/components/forms/action-feedback";
import { Button } from "@/components/ui/button";
import type { Mode } from "@/lib/core/db";
import { ChangePasswordInputSchema } from "@/lib/domain/schemas/auth";
import { changePasswordAction } from "@/lib/platform/actions/account";

export function ChangePasswordForm({ mode, email }: { mode: Mode; email: string }) {
  const form = useForm({
    resolver: zodResolver(ChangePasswordInputSchema),
    defaultValues: { password: "", newPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (
      showActionResult(await changePasswordAction({ ...values, mode }), {
        form,
        success: "Your password was changed.",
      })
    )
      form.reset();
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="max-w-sm space-y-4">
      {/* For password managers: which login the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <TextField
        id="password"
        label="Current password"
        error={errors.password?.message}
        type="password"
        autoComplete="current-password"
        {...form.register("password")}
      />
      <TextField
        id="newPassword"
        label="New password"
        error={errors.newPassword?.message}
        type="password"
        autoComplete="new-password"
        {...form.register("newPassword")}
      />
      <NewPasswordHint />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Changing…" : "Change password"}
      </Button>
    </form>
  );
}
