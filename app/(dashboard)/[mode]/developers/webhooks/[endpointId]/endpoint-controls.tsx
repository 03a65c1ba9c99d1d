"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useFreshAuth } from "@/components/auth/use-fresh-auth";
import { showActionResult } from "@/components/forms/action-feedback";
import { ActionButton } from "@/components/ui/action-button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Dialog } from "@/components/ui/dialog";
import { SigningSecretShownOnce } from "@/components/webhooks/signing-secret-shown-once";
import type { Mode } from "@/lib/core/db";
import type { WebhookDeliveryJson } from "@/lib/domain/schemas/webhook";
import {
  deleteWebhookEndpointAction,
  redeliverWebhookAction,
  rotateWebhookSecretAction,
  sendTestWebhookAction,
} from "@/lib/platform/actions/webhooks";

export function SendTestEventButton({
  mode,
  endpointId,
  disabled,
}: {
  mode: Mode;
  endpointId: string;
  disabled: boolean;
}) {
  return (
    <ActionButton
      disabled={disabled}
      title={disabled ? "Enable the endpoint first." : undefined}
      busyLabel="Sending…"
      onClick={async () =>
        showActionResult(await sendTestWebhookAction({ endpointId, mode }), {
          success: "Test event queued; its delivery shows below.",
        })
      }
    >
      Send test event
    </ActionButton>
  );
}

export function RotateSecretButton({ mode, endpointId }: { mode: Mode; endpointId: string }) {
  const [secret, setSecret] = useState<string | null>(null);
  const freshAuth = useFreshAuth(mode);
  return (
    <>
      {freshAuth.dialog}
      <ConfirmButton
        label="Rotate secret"
        variant="outline"
        title="Rotate the signing secret?"
        description="Deliveries are signed with a new secret from now on, retries included; the current one stops working at once. Your receiver fails to verify them until it has the new one."
        confirmLabel="Rotate secret"
        onConfirm={async () => {
          const data = showActionResult(
            await freshAuth.run(() => rotateWebhookSecretAction({ endpointId, mode })),
            { success: "Signing secret rotated" },
          );
          if (data) setSecret(data.secret);
          return !!data;
        }}
      />
      <Dialog open={secret !== null} onClose={() => setSecret(null)} title="Copy the new signing secret">
        {secret ? <SigningSecretShownOnce secret={secret} onDone={() => setSecret(null)} /> : null}
      </Dialog>
    </>
  );
}

export function DeleteEndpointButton({
  mode,
  endpoint,
}: {
  mode: Mode;
  endpoint: { id: string; url: string };
}) {
  const router = useRouter();
  return (
    <ConfirmButton
      label="Delete endpoint"
      size="default"
      title="Delete this webhook endpoint?"
      description={
        <>
          <span className="break-all font-mono">{endpoint.url}</span> receives no more events, and its
          delivery log is deleted with it. This cannot be undone.
        </>
      }
      confirmLabel="Delete endpoint"
      onConfirm={async () => {
        if (
          !showActionResult(await deleteWebhookEndpointAction({ endpointId: endpoint.id, mode }), {
            success: "Webhook endpoint deleted",
          })
        )
          return false;
        router.push(`/${mode}/developers/webhooks`);
      }}
    />
  );
}

export function RedeliverButton({
  mode,
  endpointId,
  delivery,
}: {
  mode: Mode;
  endpointId: string;
  delivery: Pick<WebhookDeliveryJson, "id" | "eventType">;
}) {
  return (
    <ActionButton
      size="sm"
      onClick={async () =>
        showActionResult(await redeliverWebhookAction({ endpointId, deliveryId: delivery.id, mode }), {
          success: "Redelivery queued",
        })
      }
    >
      Redeliver<span className="sr-only"> {delivery.eventType}</span>
    </ActionButton>
  );
}
