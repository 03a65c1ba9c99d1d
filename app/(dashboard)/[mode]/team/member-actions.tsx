"use client";

import { useState } from "react";
import { useFreshAuth } from "@/components/auth/use-fresh-auth";
import { showActionResult } from "@/components/forms/action-feedback";
import { FormActions } from "@/components/forms/form-actions";
import { RoleField } from "@/components/team/role-field";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Dialog } from "@/components/ui/dialog";
import type { Mode, Role } from "@/lib/core/db";
import { changeMemberRoleAction, removeMemberAction } from "@/lib/platform/actions/team";

type Member = { id: string; name: string; email: string; role: Role };

/** Change role and remove, per member. `locked` says why neither is allowed (the server enforces the same rules). */
export function MemberActions({
  mode,
  member,
  grantableRoles,
  locked,
}: {
  mode: Mode;
  member: Member;
  grantableRoles: Role[];
  locked: string | null;
}) {
  const [open, setOpen] = useState(false);
  const [role, setRole] = useState<Role>(member.role);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const freshAuth = useFreshAuth(mode);

  if (locked) return <span className="text-xs text-muted-foreground">{locked}</span>;

  const save = async () => {
    setBusy(true);
    const result = await freshAuth.run(() => changeMemberRoleAction({ membershipId: member.id, role, mode }));
    setBusy(false);
    if (!result.ok && result.fieldErrors?.role) return setError(result.fieldErrors.role);
    if (showActionResult(result, { success: `${member.email} is now ${role}` })) setOpen(false);
  };

  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => {
          setRole(member.role);
          setError(null);
          setOpen(true);
        }}
      >
        Change role<span className="sr-only"> of {member.email}</span>
      </Button>
      <ConfirmButton
        label={
          <>
            Remove<span className="sr-only"> {member.email}</span>
          </>
        }
        title={`Remove ${member.name}?`}
        description={`${member.email} loses access to this account at once, in both modes, and the API keys they created are revoked. You can invite them again later.`}
        confirmLabel="Remove member"
        onConfirm={async () =>
          !!showActionResult(await removeMemberAction({ membershipId: member.id, mode }), {
            success: `${member.email} was removed`,
          })
        }
      />
      {freshAuth.dialog}
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Change role of ${member.name}`}
        description={member.email}
      >
        <form
          className="space-y-4 text-left"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <RoleField
            id={`role-${member.id}`}
            roles={grantableRoles}
            role={role}
            error={error ?? undefined}
            value={role}
            onChange={(e) => setRole(e.target.value as Role)}
          />
          <FormActions
            onCancel={() => setOpen(false)}
            pending={busy}
            disabled={role === member.role}
            submitLabel="Save role"
            pendingLabel="Saving…"
          />
        </form>
      </Dialog>
    </div>
  );
}
