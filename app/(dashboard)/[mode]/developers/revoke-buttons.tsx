"use client";

import { ConfirmActionButton } from "@/components/forms/confirm-action-button";
import type { Mode } from "@/lib/core/db";
import { revokeApiKeyAction, revokePublicAppAction } from "@/lib/platform/actions/api-keys";

export function RevokeApiKeyButton({ mode, apiKey }: { mode: Mode; apiKey: { id: string; name: string } }) {
  return (
    <ConfirmActionButton
      label={
        <>
          Revoke<span className="sr-only"> key {apiKey.name}</span>
        </>
      }
      title={`Revoke “${apiKey.name}”?`}
      description="Requests with this key are refused (401) from now on. Anything still using it stops working. This cannot be undone."
      confirmLabel="Revoke key"
      action={() => revokeApiKeyAction({ id: apiKey.id, mode })}
      success="API key revoked"
    />
  );
}

export function RevokePublicAppButton({ mode, app }: { mode: Mode; app: { id: string; name: string } }) {
  return (
    <ConfirmActionButton
      label={
        <>
          Revoke<span className="sr-only"> App-Id {app.name}</span>
        </>
      }
      title={`Revoke “${app.name}”?`}
      description={`Apps sending ${app.id} can no longer read payment status. This cannot be undone.`}
      confirmLabel="Revoke App-Id"
      action={() => revokePublicAppAction({ id: app.id, mode })}
      success="App-Id revoked"
    />
  );
}
