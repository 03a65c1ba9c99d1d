"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { TextField } from "@/components/forms/text-field";
import { NewPasswordHint, ReadOnlyEmailField } from "@/components/auth/password-fields";
import { showActionResult } from "@/components/forms/action-feedback";
import { Button } from "@/components/ui/button";
import { ResetPasswordInputSchema } from "@/lib/domain/schemas/auth";
import { resetPasswordAction } from "@/lib/platform/actions/auth";

export function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const router = useRouter();
  const form = useForm({
    resolver: zodResolver(ResetPasswordInputSchema),
    defaultValues: { token, password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (
      !showActionResult(await resetPasswordAction(values), {
        form,
        success: "Your password was changed. Sign in with the new one.",
      })
    )
      return;
    router.replace("/sign-in");
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      <ReadOnlyEmailField email={email} />
      <TextField
        id="password"
        label="New password"
        error={errors.password?.message}
        type="password"
        autoComplete="new-password"
        autoFocus
        {...form.register("password")}
      />
      <NewPasswordHint />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Saving…" : "Set new password"}
      </Button>
    </form>
  );
}
