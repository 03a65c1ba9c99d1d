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
import { SignUpInput } from "@/lib/schemas/auth";
import { signUpAction } from "./actions";

export function SignUpForm() {
  const router = useRouter();
  const form = useForm({ resolver: zodResolver(SignUpInput), defaultValues: { accountName: "", name: "", email: "", password: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (!showActionResult(await signUpAction(values), { form })) return;
    const result = await signIn("credentials", { email: values.email, password: values.password, redirect: false });
    if (!result || result.error) {
      toast.error(`Your account was created, but signing in failed: ${signInErrorMessage(result?.error ?? "")}`);
      router.replace("/sign-in");
      return;
    }
    router.replace("/test");
    router.refresh();
  });

  const field = (name: keyof SignUpInput) => ({ "aria-invalid": !!errors[name], "aria-describedby": errors[name] ? `${name}-error` : undefined, ...form.register(name) });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField id="accountName" label="Business name" error={errors.accountName?.message}>
        <Input id="accountName" autoComplete="organization" autoFocus {...field("accountName")} />
      </FormField>
      <FormField id="name" label="Your name" error={errors.name?.message}>
        <Input id="name" autoComplete="name" {...field("name")} />
      </FormField>
      <FormField id="email" label="Email" error={errors.email?.message}>
        <Input id="email" type="email" autoComplete="email" {...field("email")} />
      </FormField>
      <FormField id="password" label="Password" error={errors.password?.message}>
        <Input id="password" type="password" autoComplete="new-password" {...field("password")} />
      </FormField>
      <p className="text-xs text-muted-foreground">At least 10 characters. A passphrase of a few words is easy to remember and hard to guess.</p>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Creating your account…" : "Create account"}
      </Button>
    </form>
  );
}
