"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/** A modal on the native <dialog>: focus is trapped, Escape and the backdrop call onClose, the page behind is inert. */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  className,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  // Its own id: a dialog can open over another (re-authentication over a form), and each needs its name.
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      // Escape asks the owner to close rather than closing at once, so it may ask first.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => event.target === ref.current && onClose()}
      aria-labelledby={titleId}
      className={cn(
        "m-auto w-[calc(100%-2rem)] max-w-lg rounded-lg border border-border bg-background p-0 text-left text-foreground shadow-xl backdrop:bg-black/40",
        className,
      )}
    >
      {open ? (
        <div className="space-y-4 p-6">
          <div className="space-y-1">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            {description ? <div className="text-sm text-muted-foreground">{description}</div> : null}
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
