"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { TextField } from "@/components/forms/text-field";
import { useFreshAuth } from "@/components/auth/use-fresh-auth";
import { showActionResult } from "@/components/forms/action-feedback";
import { ApiKeyPermissions } from "@/components/developers/api-key-permissions";
import { FormActions } from "@/components/forms/form-actions";
import { useFormDialog } from "@/components/forms/use-form-dialog";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { SecretShownOnce } from "@/components/ui/secret-shown-once";
import type { ApiPermission } from "@/lib/domain/permissions/api-key-permissions";
import type { Mode, Role } from "@/lib/core/db";
import { CreateApiKeyInputSchema } from "@/lib/domain/schemas/api-key";
import { createApiKeyAction } from "@/lib/platform/actions/api-keys";

/** Create → the full key, once, with a copy button. Closing the dialog drops it from memory for good. */
export function CreateApiKeyButton({
  mode,
  role,
  grantable,
}: {
  mode: Mode;
  role: Role;
  grantable: ApiPermission[];
}) {
  // Everything the creator may grant is ticked to begin with; untick to restrict the key.
  const form = useForm({
    resolver: zodResolver(CreateApiKeyInputSchema),
    defaultValues: { name: "", permissions: grantable },
  });
  const { errors, isSubmitting } = form.formState;
  const { open, show, created, setCreated, close, dismiss, leaving, stay } = useFormDialog<{
    name: string;
    key: string;
  }>(form);
  const freshAuth = useFreshAuth(mode);

  const onSubmit = form.handleSubmit(async (values) => {
    const data = showActionResult(await freshAuth.run(() => createApiKeyAction({ ...values, mode })), {
      form,
    });
    if (data) setCreated({ name: data.name, key: data.key });
  });

  return (
    <>
      <Button type="button" onClick={show}>
        Create {mode} key
      </Button>
      {freshAuth.dialog}
      <Dialog
        open={open}
        onClose={dismiss}
        title={created ? "Copy your new API key" : `Create a ${mode} API key`}
        description={
          created
            ? undefined
            : `It can call the API on this account's ${mode} data, with the permissions you tick.`
        }
      >
        {created ? (
          <SecretShownOnce
            id="new-api-key"
            label={`Key “${created.name}”`}
            value={created.key}
            copyLabel="Copy key"
            onDone={close}
            leaving={leaving}
            onStay={stay}
            warning={
              <>
                <strong>This is the only time the full key is shown.</strong> Store it in your server&apos;s
                secret manager now. If you lose it, revoke it and create a new one.
              </>
            }
          />
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            <TextField
              id="api-key-name"
              label="Name"
              error={errors.name?.message}
              placeholder="e.g. Checkout server"
              autoComplete="off"
              autoFocus
              {...form.register("name")}
            />
            <ApiKeyPermissions
              field={form.register("permissions")}
              grantable={grantable}
              role={role}
              error={errors.permissions?.message}
            />
            <FormActions
              onCancel={close}
              pending={isSubmitting}
              submitLabel="Create key"
              pendingLabel="Creating…"
            />
          </form>
        )}
      </Dialog>
    </>
  );
}
