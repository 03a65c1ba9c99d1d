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
};

/** A secret (API key, signing secret, invitation link) shown this once with a copy button; closing drops it for good. */
export function SecretShownOnce({ warning, id, label, value, copyLabel, doneLabel = "I have stored it", onDone, children }: Props) {
  return (
    <div className="space-y-4">
      {children}
      <p role="alert" className="rounded-md border border-warning bg-warning/20 px-3 py-2 text-sm">
        {warning}
      </p>
      <FormField id={id} label={label}>
        <div className="flex gap-2">
          <Input id={id} readOnly value={value} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} data-testid={id} />
          <CopyButton value={value} label={copyLabel} />
        </div>
      </FormField>
      <div className="flex justify-end">
        <Button type="button" onClick={onDone}>
          {doneLabel}
        </Button>
      </div>
    </div>
  );
}
