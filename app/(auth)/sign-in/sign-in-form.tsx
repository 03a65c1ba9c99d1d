"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { TextField } from "@/components/forms/text-field";
import { signWithPasskey } from "@/components/auth/passkey-browser";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import {
  codeMismatchError,
  credentialsError,
  passkeyMismatchError,
  secondFactorsOffered,
  signInErrorMessage,
} from "@/lib/domain/auth/sign-in-errors";
import { SignInInputSchema } from "@/lib/domain/schemas/auth";
import { passkeySignInOptionsAction } from "@/lib/platform/actions/auth";

type SecondStep = { code: boolean; passkey: boolean };

export function SignInForm({ next }: { next: string }) {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const [unconfirmedHint, setUnconfirmedHint] = useState(false);
  // Second step: the password was right and the login asks for a code or a passkey.
  const [second, setSecond] = useState<SecondStep | null>(null);
  const [usingPasskey, setUsingPasskey] = useState(false);
  const form = useForm({
    resolver: zodResolver(SignInInputSchema),
    defaultValues: { email: "", password: "", code: "" },
  });
  const { errors, isSubmitting } = form.formState;

  /** Signs in, or shows why not; returns whether it worked. */
  async function attempt(extra: { code?: string; passkey?: string }) {
    setFormError(null);
    const { email, password } = form.getValues();
    const result = await signIn("credentials", { email, password, ...extra, redirect: false });
    if (!result || result.error) {
      const error = result?.error ?? "";
      const offered = secondFactorsOffered(error);
      if (offered && second && extra.code !== undefined)
        form.setError("code", { message: signInErrorMessage(error) });
      else if (offered) setSecond(offered);
      else if (error === codeMismatchError) form.setError("code", { message: signInErrorMessage(error) });
      else if (error === passkeyMismatchError) setFormError(signInErrorMessage(error));
      else {
        setFormError(signInErrorMessage(error));
        setUnconfirmedHint(error === credentialsError);
      }
      return;
    }
    router.replace(next);
    router.refresh();
  }

  const onSubmit = form.handleSubmit(async ({ code }) => attempt(second ? { code } : {}));

  async function signInWithPasskey() {
    setUsingPasskey(true);
    setFormError(null);
    try {
      const { email, password } = form.getValues();
      const options = await passkeySignInOptionsAction({ email, password });
      if (!options.ok) return setFormError(options.error);
      const used = await signWithPasskey(options.data);
      if (!used.ok) return setFormError(used.message);
      await attempt({ passkey: JSON.stringify(used.response) });
    } finally {
      setUsingPasskey(false);
    }
  }

  const busy = isSubmitting || usingPasskey;
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      <div hidden={!!second} className="space-y-4">
        <TextField
          id="email"
          label="Email"
          error={errors.email?.message}
          type="email"
          autoComplete="email"
          autoFocus
          {...form.register("email")}
        />
        <TextField
          id="password"
          label="Password"
          error={errors.password?.message}
          type="password"
          autoComplete="current-password"
          {...form.register("password")}
        />
      </div>
      {second?.passkey ? (
        <div className="space-y-2">
          <p className="text-sm">Confirm with a passkey on this device or your security key.</p>
          <Button
            type="button"
            className="w-full"
            variant={second.code ? "outline" : "default"}
            disabled={busy}
            onClick={signInWithPasskey}
          >
            {usingPasskey ? "Waiting for your passkey…" : "Use a passkey"}
          </Button>
        </div>
      ) : null}
      {second?.code ? (
        <FormField id="code" label="Authenticator code" error={errors.code?.message}>
          <Input
            id="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            aria-invalid={!!errors.code}
            aria-describedby={errors.code ? "code-error" : "code-hint"}
            {...form.register("code")}
          />
          <p id="code-hint" className="text-xs text-muted-foreground">
            The six digits your authenticator app shows for Tollgate. Lost your phone? Enter one of your
            recovery codes.
          </p>
        </FormField>
      ) : second ? (
        // A passkey-only login's way back in when the passkey is lost.
        <FormField id="code" label="Recovery code" error={errors.code?.message}>
          <Input
            id="code"
            autoComplete="off"
            aria-invalid={!!errors.code}
            aria-describedby={errors.code ? "code-error" : "code-hint"}
            {...form.register("code")}
          />
          <p id="code-hint" className="text-xs text-muted-foreground">
            Lost your passkey? Enter one of the recovery codes you saved when you added it.
          </p>
        </FormField>
      ) : null}
      {formError ? (
        <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {formError}
        </p>
      ) : null}
      {formError && unconfirmedHint ? (
        <p className="text-sm text-muted-foreground" data-testid="unconfirmed-hint">
          Signed up recently? Your email must be confirmed before your first sign-in.{" "}
          <Link
            href="/forgot-password?confirm=1"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Get a new confirmation link
          </Link>
        </p>
      ) : null}
      <Button
        type="submit"
        className="w-full"
        variant={second && !second.code ? "outline" : "default"}
        disabled={busy}
      >
        {isSubmitting ? "Signing in…" : second ? "Verify and sign in" : "Sign in"}
      </Button>
      {second ? (
        <Button
          type="button"
          variant="ghost"
          className="w-full"
          onClick={() => (
            setSecond(null),
            setFormError(null),
            form.setValue("code", ""),
            form.clearErrors("code")
          )}
        >
          Use another login
        </Button>
      ) : null}
    </form>
  );
}
