"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { deleteMerchantAction, updateMerchantAction } from "@/lib/platform/actions/merchants";
import { showActionResult } from "@/components/forms/action-feedback";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Dialog } from "@/components/ui/dialog";
import type { Mode } from "@/lib/core/db";
import { MerchantForm, type MerchantValues } from "./merchant-form";

/** Edit and delete buttons of the merchant page (shown to roles with merchants.write). */
export function MerchantActions({
  mode,
  merchantId,
  merchant,
}: {
  mode: Mode;
  merchantId: string;
  merchant: MerchantValues;
}) {
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
        Edit
      </Button>
      <ConfirmButton
        label="Delete"
        title={`Delete ${merchant.merchantName}?`}
        description="It stops accepting payments and leaves the merchant list. Its past payments stay in Payments. This cannot be undone."
        confirmLabel="Delete merchant"
        onConfirm={async () => {
          const done = showActionResult(await deleteMerchantAction({ merchantId, mode }), {
            success: `${merchant.merchantName} deleted`,
          });
          if (!done) return false;
          router.push(`/${mode}/merchants`);
        }}
      />
      <Dialog open={editing} onClose={() => setEditing(false)} title="Edit merchant">
        <MerchantForm
          initial={merchant}
          submitLabel="Save changes"
          onSubmit={(values) => updateMerchantAction({ ...values, merchantId, mode })}
          onDone={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      </Dialog>
    </>
  );
}
