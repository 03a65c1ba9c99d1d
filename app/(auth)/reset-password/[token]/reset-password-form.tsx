"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { NewPasswordHint, ReadOnlyEmailField } from "@/components/auth/password-fields";
import { showActionResult } from "@/components/forms/action-feedback";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { ResetPasswordInput } from "@/lib/schemas/auth";
import { resetPasswordAction } from "./actions";

export function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const router = useRouter();
  const form = useForm({ resolver: zodResolver(ResetPasswordInput), defaultValues: { token, password: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (!showActionResult(await resetPasswordAction(values), { form, success: "Your password was changed. Sign in with the new one." })) return;
    router.replace("/sign-in");
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <ReadOnlyEmailField email={email} />
      <FormField id="password" label="New password" error={errors.password?.message}>
        <Input id="password" type="password" autoComplete="new-password" autoFocus aria-invalid={!!errors.password} aria-describedby={errors.password ? "password-error" : undefined} {...form.register("password")} />
      </FormField>
      <NewPasswordHint />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Saving…" : "Set new password"}
      </Button>
    </form>
  );
}
