"use client";

import { showActionResult } from "@/components/forms/action-feedback";
import { ActionButton } from "@/components/ui/action-button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import type { Mode } from "@/lib/core/db";
import { setRequireTwoFactorAction } from "@/lib/platform/actions/security";

/** The owner's switch for the account's rule; turning it on asks first, since it affects everyone. */
export function RequireTwoFactorForm({
  mode,
  required,
  ownTwoFactor,
}: {
  mode: Mode;
  required: boolean;
  ownTwoFactor: boolean;
}) {
  const set = async (value: boolean) =>
    !!showActionResult(await setRequireTwoFactorAction({ required: value, mode }), {
      success: value ? "Two-factor sign-in is now required" : "Two-factor sign-in is now optional",
    });
  if (required) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm">Required for every member.</p>
        <ActionButton size="sm" onClick={() => set(false)}>
          Make it optional
        </ActionButton>
      </div>
    );
  }
  if (!ownTwoFactor)
    return (
      <p className="text-sm text-muted-foreground">
        Turn on two-factor sign-in (an authenticator app or a passkey) for yourself first.
      </p>
    );
  return (
    <ConfirmButton
      variant="default"
      label="Require for every member"
      title="Require two-factor sign-in?"
      description="Members without it are sent to set it up before they can do anything else in the dashboard."
      confirmLabel="Require it"
      onConfirm={() => set(true)}
    />
  );
}
