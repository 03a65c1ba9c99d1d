"use client";

import { useState } from "react";
import { toast } from "sonner";
import { Button } from "./button";

export function CopyButton({
  value,
  label = "Copy",
  className,
}: {
  value: string;
  label?: string;
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      className={className}
      aria-label={`${label}: ${value.length > 40 ? `${value.slice(0, 20)}…` : value}`}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(value);
          setCopied(true);
          toast.success("Copied to clipboard");
          setTimeout(() => setCopied(false), 1500);
        } catch {
          toast.error("Could not copy; select the text and copy it by hand.");
        }
      }}
    >
      {copied ? "Copied" : label}
    </Button>
  );
}
