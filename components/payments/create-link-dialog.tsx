"use client";

import { useState, type ComponentType, type ReactNode } from "react";
import { MerchantRequired } from "@/components/merchants/merchant-required";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { Mode } from "@/lib/core/db";
import { LinkShare } from "./link-share";

export type MerchantOption = { id: string; name: string };
export type CreatedLink = { id: string; url: string };
/** What a create dialog's form is given: where it creates, and what to do when it has or is cancelled. */
export type LinkFieldsProps = {
  mode: Mode;
  merchants: MerchantOption[];
  onCreated: (created: CreatedLink) => void;
  onCancel: () => void;
};

/**
 * The dashboard's "New …" button and dialog for something a buyer pays through a link: a form
 * (needs a merchant), then the created link and its QR code.
 */
export function CreateLinkDialog({
  mode,
  merchants,
  label,
  description,
  createdTitle,
  createdDescription,
  merchantRequired,
  createdActions,
  fields: Fields,
}: {
  mode: Mode;
  merchants: MerchantOption[];
  label: string;
  description: string;
  createdTitle: string;
  createdDescription: string;
  merchantRequired: string;
  createdActions?: (created: CreatedLink) => ReactNode;
  fields: ComponentType<LinkFieldsProps>;
}) {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<CreatedLink | null>(null);
  const close = () => {
    setOpen(false);
    setCreated(null);
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>{label}</Button>
      <Dialog
        open={open}
        onClose={close}
        title={created ? createdTitle : label}
        description={created ? createdDescription : description}
      >
        {created ? (
          <div className="space-y-4">
            <LinkShare url={created.url} name={created.id} />
            <div className="flex justify-end gap-2">
              {createdActions?.(created)}
              <Button type="button" onClick={close}>
                Done
              </Button>
            </div>
          </div>
        ) : merchants.length === 0 ? (
          <MerchantRequired mode={mode} reason={merchantRequired} onClose={close} />
        ) : (
          <Fields mode={mode} merchants={merchants} onCreated={setCreated} onCancel={close} />
        )}
      </Dialog>
    </>
  );
}
