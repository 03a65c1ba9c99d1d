"use client";

import { showActionResult } from "@/components/forms/action-feedback";
import { ConfirmButton } from "@/components/ui/confirm-button";
import type { Mode } from "@/lib/core/db";
import { revokeInvitationAction } from "@/lib/platform/actions/team";

export function InvitationActions({
  mode,
  invitation,
}: {
  mode: Mode;
  invitation: { id: string; email: string };
}) {
  return (
    <ConfirmButton
      label={
        <>
          Revoke<span className="sr-only"> invitation for {invitation.email}</span>
        </>
      }
      title="Revoke this invitation?"
      description={`The link sent to ${invitation.email} stops working at once.`}
      confirmLabel="Revoke invitation"
      onConfirm={async () =>
        !!showActionResult(await revokeInvitationAction({ invitationId: invitation.id, mode }), {
          success: "Invitation revoked",
        })
      }
    />
  );
}
