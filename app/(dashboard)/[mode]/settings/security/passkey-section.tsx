"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { TextField } from "@/components/forms/text-field";
import { createPasskey } from "@/components/auth/passkey-browser";
import { useFreshAuth } from "@/components/auth/use-fresh-auth";
import { showActionResult } from "@/components/forms/action-feedback";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import type { Mode } from "@/lib/core/db";
import { AddPasskeyInputSchema } from "@/lib/domain/schemas/passkeys";
import {
  beginPasskeyRegistrationAction,
  finishPasskeyRegistrationAction,
  removePasskeyAction,
} from "@/lib/platform/actions/security";
import { DeviceList, DeviceRow } from "./device-list";
import { RecoveryCodes } from "./recovery-codes";

export type PasskeyItem = {
  id: string;
  name: string;
  created: string;
  lastUsed: string | null;
  synced: boolean;
};

/** The person's passkeys (added, last used), each removable; a form to add one. Both ask to confirm it is you first. */
export function PasskeySection({ mode, passkeys }: { mode: Mode; passkeys: PasskeyItem[] }) {
  const router = useRouter();
  const freshAuth = useFreshAuth(mode);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const form = useForm({ resolver: zodResolver(AddPasskeyInputSchema), defaultValues: { name: "" } });
  const { errors, isSubmitting } = form.formState;

  const add = form.handleSubmit(async ({ name }) => {
    const options = showActionResult(
      await freshAuth.run(() => beginPasskeyRegistrationAction({ name, mode })),
      { form },
    );
    if (!options) return;
    const created = await createPasskey(options);
    if (!created.ok) return void form.setError("name", { message: created.message });
    const added = showActionResult(
      await finishPasskeyRegistrationAction({ name, response: created.response, mode }),
      { form, success: `Passkey “${name}” added` },
    );
    if (added) {
      form.reset();
      setRecoveryCodes(added.recoveryCodes);
      router.refresh();
    }
  });

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;

  return (
    <div className="space-y-4">
      {freshAuth.dialog}
      {passkeys.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No passkeys yet. Add one to sign in with your fingerprint, face or security key instead of a code.
        </p>
      ) : (
        <DeviceList label="Passkeys">
          {passkeys.map((passkey) => (
            <DeviceRow
              key={passkey.id}
              name={passkey.name}
              breakName
              badge={passkey.synced ? <Badge>Synced</Badge> : null}
              detail={`added ${passkey.created} · ${passkey.lastUsed ? `last used ${passkey.lastUsed}` : "never used"}`}
              action={
                <ConfirmButton
                  label={
                    <>
                      Remove<span className="sr-only"> {passkey.name}</span>
                    </>
                  }
                  title={`Remove the passkey “${passkey.name}”?`}
                  description="It can no longer sign you in or confirm changes; your other sessions are signed out, and the account's owners are told by email."
                  confirmLabel="Remove"
                  onConfirm={async () => {
                    const done = showActionResult(
                      await freshAuth.run(() => removePasskeyAction({ passkeyId: passkey.id, mode })),
                      { success: `Passkey “${passkey.name}” removed` },
                    );
                    if (done) router.refresh();
                    return !!done;
                  }}
                />
              }
            />
          ))}
        </DeviceList>
      )}
      <form onSubmit={add} noValidate className="flex max-w-md flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          id="passkey-name"
          label="Name of the new passkey"
          error={errors.name?.message}
          placeholder="e.g. Work laptop"
          maxLength={60}
          {...form.register("name")}
        />
        <Button type="submit" className="sm:mt-6" disabled={isSubmitting}>
          {isSubmitting ? "Adding…" : "Add a passkey"}
        </Button>
      </form>
    </div>
  );
}
