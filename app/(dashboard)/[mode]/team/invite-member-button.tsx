"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { TextField } from "@/components/forms/text-field";
import { useFreshAuth } from "@/components/auth/use-fresh-auth";
import { showActionResult } from "@/components/forms/action-feedback";
import { FormActions } from "@/components/forms/form-actions";
import { useFormDialog } from "@/components/forms/use-form-dialog";
import { RoleField } from "@/components/team/role-field";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { SecretShownOnce } from "@/components/ui/secret-shown-once";
import type { Mode, Role } from "@/lib/core/db";
import { DateTime } from "@/components/payments/date-time";
import { InviteMemberInputSchema } from "@/lib/domain/schemas/team";
import { inviteMemberAction } from "@/lib/platform/actions/team";

type Sent = { email: string; role: Role; link: string; expiresAt: Date };

export function InviteMemberButton({ mode, grantableRoles }: { mode: Mode; grantableRoles: Role[] }) {
  const form = useForm({
    resolver: zodResolver(InviteMemberInputSchema),
    defaultValues: { email: "", role: "developer" as Role },
  });
  const { errors, isSubmitting } = form.formState;
  const role = useWatch({ control: form.control, name: "role" });
  const {
    open,
    show,
    created: sent,
    setCreated: setSent,
    close,
    dismiss,
    leaving,
    stay,
  } = useFormDialog<Sent>(form);
  const freshAuth = useFreshAuth(mode);

  const onSubmit = form.handleSubmit(async (values) => {
    const data = showActionResult(await freshAuth.run(() => inviteMemberAction({ ...values, mode })), {
      form,
      success: "Invitation created",
    });
    if (data) setSent(data);
  });

  return (
    <>
      {freshAuth.dialog}
      <Button type="button" onClick={show}>
        Invite member
      </Button>
      <Dialog
        open={open}
        onClose={dismiss}
        title={sent ? "Send this invitation link" : "Invite a team member"}
        description={sent ? undefined : "They choose their own name and password when they open the link."}
      >
        {sent ? (
          <SecretShownOnce
            id="invitation-link"
            label="Invitation link"
            value={sent.link}
            copyLabel="Copy link"
            doneLabel="Done"
            onDone={close}
            leaving={leaving}
            onStay={stay}
            warning={
              <>
                This link is shown only now. Anyone who has it can join as {sent.email}; if it goes astray,
                revoke the invitation.
              </>
            }
          >
            <p className="text-sm">
              We emailed this link to <strong className="break-all">{sent.email}</strong>; you can also send
              it yourself. It makes them a <strong>{sent.role}</strong> and works once, until{" "}
              <DateTime value={sent.expiresAt} />.
            </p>
          </SecretShownOnce>
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            <TextField
              id="invite-email"
              label="Email"
              error={errors.email?.message}
              type="email"
              autoComplete="off"
              autoFocus
              {...form.register("email")}
            />
            <RoleField
              id="invite-role"
              roles={grantableRoles}
              role={role}
              error={errors.role?.message}
              aria-invalid={!!errors.role}
              {...form.register("role")}
            />
            <FormActions
              onCancel={close}
              pending={isSubmitting}
              submitLabel="Create invitation"
              pendingLabel="Creating…"
            />
          </form>
        )}
      </Dialog>
    </>
  );
}
