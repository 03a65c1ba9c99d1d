"use client";

import { useState, type ReactNode } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";

/** A button that asks before doing something that cannot be undone. */
export function ConfirmButton({
  label,
  title,
  description,
  confirmLabel,
  onConfirm,
  variant = "destructive",
  size = "sm",
  disabled,
}: {
  label: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<boolean | void>;
  variant?: "destructive" | "default" | "outline";
  size?: "sm" | "default";
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant={variant === "destructive" ? "outline" : variant}
        size={size}
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        {label}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={title} description={description}>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="button"
            variant={variant}
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              const keepOpen = (await onConfirm()) === false;
              setBusy(false);
              if (!keepOpen) setOpen(false);
            }}
          >
            {busy ? "Working…" : confirmLabel}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
