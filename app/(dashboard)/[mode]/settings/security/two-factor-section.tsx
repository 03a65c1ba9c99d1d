"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { TextField } from "@/components/forms/text-field";
import { useFreshAuth } from "@/components/auth/use-fresh-auth";
import { showActionResult } from "@/components/forms/action-feedback";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { CopyButton } from "@/components/ui/copy-button";
import type { TwoFactorSetup } from "@/lib/domain/auth/two-factor";
import type { Mode } from "@/lib/core/db";
import { ConfirmTwoFactorInputSchema } from "@/lib/domain/schemas/auth";
import {
  beginTwoFactorSetupAction,
  confirmTwoFactorSetupAction,
  disableTwoFactorAction,
} from "@/lib/platform/actions/security";
import { RecoveryCodes } from "./recovery-codes";

/** Off → scan a QR code (or type the secret) → confirm a code → recovery codes, once. On → turn off after re-authentication. */
export function TwoFactorSection({ mode, enabled }: { mode: Mode; enabled: boolean }) {
  const router = useRouter();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);
  const freshAuth = useFreshAuth(mode);

  if (recoveryCodes)
    return (
      <RecoveryCodes
        codes={recoveryCodes}
        onDone={() => (setRecoveryCodes(null), setSetup(null), router.refresh())}
      />
    );

  if (enabled) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <Badge tone="success">On</Badge>
        <p className="text-sm">Sign-in asks for a code from your authenticator app.</p>
        {freshAuth.dialog}
        <ConfirmButton
          label="Turn off"
          title="Turn off two-factor sign-in?"
          description="Your password alone will sign you in again, your recovery codes stop working, and the account's owners are told by email."
          confirmLabel="Turn off"
          onConfirm={async () => {
            const done = showActionResult(
              await freshAuth.run(() => disableTwoFactorAction({ disable: true, mode })),
              { success: "Two-factor sign-in is off" },
            );
            if (done) router.refresh();
            return !!done;
          }}
        />
      </div>
    );
  }

  if (setup)
    return (
      <ConfirmSetup
        mode={mode}
        setup={setup}
        onConfirmed={setRecoveryCodes}
        onCancel={() => setSetup(null)}
      />
    );

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Badge tone="warning">Off</Badge>
      {freshAuth.dialog}
      <Button
        type="button"
        disabled={starting}
        onClick={async () => {
          setStarting(true);
          const data = showActionResult(
            await freshAuth.run(() => beginTwoFactorSetupAction({ start: true, mode })),
          );
          setStarting(false);
          if (data) setSetup(data);
        }}
      >
        {starting ? "Starting…" : "Set up two-factor sign-in"}
      </Button>
    </div>
  );
}

function ConfirmSetup({
  mode,
  setup,
  onConfirmed,
  onCancel,
}: {
  mode: Mode;
  setup: TwoFactorSetup;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const form = useForm({ resolver: zodResolver(ConfirmTwoFactorInputSchema), defaultValues: { code: "" } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    const data = showActionResult(await confirmTwoFactorSetupAction({ ...values, mode }), {
      form,
      success: "Two-factor sign-in is on",
    });
    if (data) onConfirmed(data.recoveryCodes);
  });
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm">
        <li>Open an authenticator app (1Password, Google Authenticator, Authy…) and scan this code.</li>
        <li>Enter the six digits it shows for Tollgate.</li>
      </ol>
      <svg
        role="img"
        aria-label="QR code for your authenticator app"
        viewBox={`0 0 ${setup.qr.size} ${setup.qr.size}`}
        className="h-48 w-48 rounded-md bg-white"
        shapeRendering="crispEdges"
      >
        <path d={setup.qr.path} fill="#000" />
      </svg>
      <div className="space-y-1 text-sm">
        <p className="text-muted-foreground">Cannot scan? Type this key into the app:</p>
        <div className="flex flex-wrap items-center gap-2">
          <code data-testid="totp-secret" className="break-all rounded bg-muted px-2 py-1 font-mono">
            {setup.secret}
          </code>
          <CopyButton value={setup.secret} label="Copy key" />
        </div>
      </div>
      <form method="post" onSubmit={submit} noValidate className="max-w-sm space-y-4">
        <TextField
          id="totp-code"
          label="Code from the app"
          error={errors.code?.message}
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          {...form.register("code")}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? "Checking…" : "Turn on"}
          </Button>
          <Button type="button" variant="outline" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}
