"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { TextField } from "@/components/forms/text-field";
import { NewPasswordHint } from "@/components/auth/password-fields";
import { showActionResult } from "@/components/forms/action-feedback";
import { Button } from "@/components/ui/button";
import { SignUpInputSchema } from "@/lib/domain/schemas/auth";
import { signUpAction } from "@/lib/platform/actions/auth";

export function SignUpForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(SignUpInputSchema),
    defaultValues: { accountName: "", name: "", email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  // The same answer whether or not the email already had a login (lib/domain/auth/sign-up.ts).
  const onSubmit = form.handleSubmit(async (values) => {
    const data = showActionResult(await signUpAction(values), { form });
    if (data) setSentTo(data.email);
  });

  if (sentTo) {
    return (
      <div role="status" className="space-y-3 text-sm" data-testid="sign-up-sent">
        <h2 className="text-base font-semibold">Check your email</h2>
        <p>
          We sent a message to <span className="break-all font-medium">{sentTo}</span>. Follow the link in it
          to confirm your address, then sign in.
        </p>
        <p className="text-muted-foreground">
          No message within a few minutes? Look in your spam folder, or sign up again.
        </p>
        <Link href="/sign-in" className="font-medium text-primary underline-offset-4 hover:underline">
          Go to sign-in
        </Link>
      </div>
    );
  }

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField
        id="accountName"
        label="Business name"
        error={errors.accountName?.message}
        autoComplete="organization"
        autoFocus
        {...form.register("accountName")}
      />
      <TextField
        id="name"
        label="Your name"
        error={errors.name?.message}
        autoComplete="name"
        {...form.register("name")}
      />
      <TextField
        id="email"
        label="Email"
        error={errors.email?.message}
        type="email"
        autoComplete="email"
        {...form.register("email")}
      />
      <TextField
        id="password"
        label="Password"
        error={errors.password?.message}
        type="password"
        autoComplete="new-password"
        {...form.register("password")}
      />
      <NewPasswordHint />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Creating your account…" : "Create account"}
      </Button>
    </form>
  );
}
