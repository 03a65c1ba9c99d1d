"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { showActionResult } from "@/components/forms/action-feedback";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { signInErrorMessage } from "@/lib/auth/sign-in-errors";
import { AcceptInvitationInput } from "@/lib/schemas/auth";
import { acceptInvitationAction } from "./actions";

export function AcceptInvitationForm({ token, email }: { token: string; email: string }) {
  const router = useRouter();
  const form = useForm({ resolver: zodResolver(AcceptInvitationInput), defaultValues: { token, name: "", password: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (!showActionResult(await acceptInvitationAction(values), { form })) return;
    const result = await signIn("credentials", { email, password: values.password, redirect: false });
    if (!result || result.error) {
      toast.error(`You joined the team, but signing in failed: ${signInErrorMessage(result?.error ?? "")}`);
      router.replace("/sign-in");
      return;
    }
    router.replace("/test");
    router.refresh();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField id="email" label="Email">
        <Input id="email" type="email" value={email} readOnly aria-readonly className="bg-muted" />
      </FormField>
      <FormField id="name" label="Your name" error={errors.name?.message}>
        <Input id="name" autoComplete="name" autoFocus aria-invalid={!!errors.name} aria-describedby={errors.name ? "name-error" : undefined} {...form.register("name")} />
      </FormField>
      <FormField id="password" label="Choose a password" error={errors.password?.message}>
        <Input id="password" type="password" autoComplete="new-password" aria-invalid={!!errors.password} aria-describedby={errors.password ? "password-error" : undefined} {...form.register("password")} />
      </FormField>
      <p className="text-xs text-muted-foreground">At least 10 characters.</p>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Joining…" : "Join the team"}
      </Button>
    </form>
  );
}
