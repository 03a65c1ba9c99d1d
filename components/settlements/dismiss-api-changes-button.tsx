"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ActionButton } from "@/components/ui/action-button";
import type { Mode } from "@/lib/core/db";
import { dismissApiChangesAction } from "@/lib/platform/actions/account";

/** Hides the banner for this person up to the newest change it showed; a later change brings it back. */
export function DismissApiChangesButton({ mode, upTo }: { mode: Mode; upTo: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="flex flex-col items-end gap-1">
      <ActionButton
        size="sm"
        busyLabel="Dismissing…"
        onClick={async () => {
          const result = await dismissApiChangesAction({ mode, upTo });
          if (result.ok) router.refresh();
          else setError(result.error);
        }}
      >
        Dismiss
      </ActionButton>
      {error ? (
        <p role="alert" className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
