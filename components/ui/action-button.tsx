"use client";

import { useState, type ComponentProps, type ReactNode } from "react";
import { Button } from "./button";

/** An outline button that runs one server action at a time: disabled, and saying `busyLabel` if given, until it settles. */
export function ActionButton({
  onClick,
  busyLabel,
  disabled,
  children,
  ...props
}: Omit<ComponentProps<typeof Button>, "onClick" | "type"> & {
  onClick: () => Promise<unknown>;
  busyLabel?: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      type="button"
      variant="outline"
      {...props}
      disabled={disabled || busy}
      onClick={async () => {
        setBusy(true);
        try {
          await onClick();
        } finally {
          setBusy(false);
        }
      }}
    >
      {busy && busyLabel ? busyLabel : children}
    </Button>
  );
}
