"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { deactivatePaymentLinkAction } from "@/lib/platform/actions/payment-links";
import { showActionResult } from "@/components/forms/action-feedback";
import { LinkShare } from "@/components/payments/link-share";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Dialog } from "@/components/ui/dialog";
import type { Mode } from "@/lib/core/db";

/** A link's row buttons: its QR code (with copy, download and print) and, while active, Deactivate after a confirmation. */
export function PaymentLinkActions({
  mode,
  link,
  canWrite,
}: {
  mode: Mode;
  link: { id: string; url: string; active: boolean };
  canWrite: boolean;
}) {
  const router = useRouter();
  const [qrOpen, setQrOpen] = useState(false);
  return (
    <div className="flex flex-wrap gap-2 sm:justify-end">
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => setQrOpen(true)}
        aria-label={`QR code for ${link.id}`}
      >
        QR code
      </Button>
      <Dialog
        open={qrOpen}
        onClose={() => setQrOpen(false)}
        title="Share payment link"
        description={
          link.active
            ? "Every buyer who continues on this page gets a payment of their own."
            : "This link is deactivated: its page takes no payments."
        }
      >
        <LinkShare url={link.url} name={link.id} />
        <div className="flex justify-end">
          <Button type="button" onClick={() => setQrOpen(false)}>
            Close
          </Button>
        </div>
      </Dialog>
      {canWrite && link.active ? (
        <ConfirmButton
          label="Deactivate"
          title="Deactivate this payment link?"
          description="Its page will say the link is no longer active and take no more payments. Payments already made are not affected. This cannot be undone."
          confirmLabel="Deactivate link"
          onConfirm={async () => {
            const done = showActionResult(await deactivatePaymentLinkAction({ mode, linkId: link.id }), {
              success: "Payment link deactivated",
            });
            if (done) router.refresh();
            return Boolean(done);
          }}
        />
      ) : null}
    </div>
  );
}
