"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { TextField } from "@/components/forms/text-field";
import {
  passkeyReauthenticationOptionsAction,
  reauthenticateAction,
  reauthenticateWithPasskeyAction,
} from "@/lib/platform/actions/fresh-auth";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { ActionResult } from "@/lib/platform/actions/result";
import type { Mode } from "@/lib/core/db";
import { ReauthenticateInputSchema } from "@/lib/domain/schemas/auth";
import { showActionResult } from "../forms/action-feedback";
import { signWithPasskey } from "./passkey-browser";

/**
 * Runs a server action that may need fresh re-authentication: when the server answers
 * `reauthentication_required`, asks for the password (or an authenticator code, or a passkey) in a dialog and,
 * once that is accepted, runs the action again. Render `dialog` once in the component.
 */
export function useFreshAuth(mode: Mode) {
  const waiting = useRef<((confirmed: boolean) => void) | null>(null);
  const [open, setOpen] = useState(false);
  // Fetched as the dialog opens, so that pressing "Use a passkey" goes straight to the browser's
  // prompt (Safari allows it only straight from a click). None when the person has no passkey.
  const [passkeyOptions, setPasskeyOptions] = useState<PublicKeyCredentialRequestOptionsJSON | null>(null);
  const loadPasskeyOptions = async () => {
    const options = await passkeyReauthenticationOptionsAction({ start: true, mode });
    setPasskeyOptions(options.ok ? options.data : null);
  };

  const finish = (confirmed: boolean) => {
    setOpen(false);
    waiting.current?.(confirmed);
    waiting.current = null;
  };

  async function run<T>(call: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
    const first = await call();
    if (first.ok || first.code !== "reauthentication_required") return first;
    setPasskeyOptions(null);
    setOpen(true);
    void loadPasskeyOptions();
    const confirmed = await new Promise<boolean>((resolve) => (waiting.current = resolve));
    return confirmed ? call() : first;
  }

  const dialog = (
    <FreshAuthDialog
      mode={mode}
      open={open}
      onDone={finish}
      passkeyOptions={passkeyOptions}
      reloadPasskeyOptions={loadPasskeyOptions}
    />
  );
  return { run, dialog };
}

function FreshAuthDialog({
  mode,
  open,
  onDone,
  passkeyOptions,
  reloadPasskeyOptions,
}: {
  mode: Mode;
  open: boolean;
  onDone: (confirmed: boolean) => void;
  passkeyOptions: PublicKeyCredentialRequestOptionsJSON | null;
  reloadPasskeyOptions: () => Promise<void>;
}) {
  const form = useForm({
    resolver: zodResolver(ReauthenticateInputSchema),
    defaultValues: { method: "password" as "password" | "code", secret: "" },
  });
  const method = useWatch({ control: form.control, name: "method" });
  const { errors, isSubmitting } = form.formState;
  const [usingPasskey, setUsingPasskey] = useState(false);
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const close = (confirmed: boolean) => {
    form.reset();
    setPasskeyError(null);
    onDone(confirmed);
  };
  const confirmWithPasskey = async (options: PublicKeyCredentialRequestOptionsJSON) => {
    setUsingPasskey(true);
    setPasskeyError(null);
    const used = await signWithPasskey(options);
    const result = used.ok ? await reauthenticateWithPasskeyAction({ response: used.response, mode }) : null;
    setUsingPasskey(false);
    if (result?.ok) return close(true);
    setPasskeyError(!used.ok ? used.message : result && !result.ok ? result.error : null);
    // The challenge was spent (or abandoned): another try needs a new one.
    void reloadPasskeyOptions();
  };
  const submit = form.handleSubmit(async (values) => {
    if (showActionResult(await reauthenticateAction({ ...values, mode }), { form })) close(true);
  });
  const usePassword = method === "password";
  return (
    <Dialog
      open={open}
      onClose={() => close(false)}
      title="Confirm it is you"
      description="This change needs your password (or a code from your authenticator app, or a passkey) again. It stays confirmed for a few minutes."
    >
      {/* The dialog may sit inside the form whose action it confirms: its submit must not reach that form too. */}
      <form
        onSubmit={(event) => {
          event.stopPropagation();
          void submit(event);
        }}
        noValidate
        className="space-y-4"
      >
        <TextField
          id="reauth-secret"
          label={usePassword ? "Your password" : "Authenticator code"}
          error={errors.secret?.message}
          key={method}
          autoFocus
          type={usePassword ? "password" : "text"}
          inputMode={usePassword ? undefined : "numeric"}
          autoComplete={usePassword ? "current-password" : "one-time-code"}
          {...form.register("secret")}
        />
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => (
              form.setValue("method", usePassword ? "code" : "password"),
              form.setValue("secret", ""),
              form.clearErrors()
            )}
          >
            {usePassword ? "Use an authenticator code instead" : "Use your password instead"}
          </Button>
          {passkeyOptions ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={usingPasskey || isSubmitting}
              onClick={() => void confirmWithPasskey(passkeyOptions)}
            >
              {usingPasskey ? "Waiting for your passkey…" : "Use a passkey"}
            </Button>
          ) : null}
        </div>
        {passkeyError ? (
          <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
            {passkeyError}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => close(false)} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? "Checking…" : "Confirm"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
