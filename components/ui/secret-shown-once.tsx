"use client";

import type { ReactNode } from "react";
import { Button } from "./button";
import { CopyButton } from "./copy-button";
import { FormField } from "./form-field";
import { Input } from "./input";

type Props = {
  /** Why it is shown only now and what to do with it; announced as an alert. */
  warning: ReactNode;
  id: string;
  label: string;
  value: string;
  copyLabel: string;
  doneLabel?: string;
  onDone: () => void;
  /** Extra lines above the warning, e.g. who an invitation link is for. */
  children?: ReactNode;
  /** The dialog was asked to close before the secret was confirmed stored: ask before it goes. */
  leaving?: boolean;
  onStay?: () => void;
};

/** A secret (API key, signing secret, invitation link) shown this once with a copy button; closing drops it for good. */
export function SecretShownOnce({
  warning,
  id,
  label,
  value,
  copyLabel,
  doneLabel = "I have stored it",
  onDone,
  children,
  leaving,
  onStay,
}: Props) {
  return (
    <div className="space-y-4">
      {children}
      <p role="alert" className="rounded-md border border-warning bg-warning/20 px-3 py-2 text-sm">
        {warning}
      </p>
      <FormField id={id} label={label}>
        <div className="flex gap-2">
          <Input
            id={id}
            readOnly
            value={value}
            className="font-mono text-xs"
            onFocus={(e) => e.currentTarget.select()}
            data-testid={id}
          />
          <CopyButton value={value} label={copyLabel} />
        </div>
      </FormField>
      {leaving ? (
        <div
          role="alertdialog"
          aria-labelledby={`${id}-leaving`}
          className="space-y-3 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2"
        >
          <p id={`${id}-leaving`} className="text-sm font-medium">
            Close without keeping it? It cannot be shown again.
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={onStay} autoFocus>
              Keep it open
            </Button>
            <Button type="button" variant="destructive" onClick={onDone}>
              Close anyway
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex justify-end">
          <Button type="button" onClick={onDone}>
            {doneLabel}
          </Button>
        </div>
      )}
    </div>
  );
}
