"use client";

import type { ComponentProps } from "react";
import { ConfirmButton } from "@/components/ui/confirm-button";
import type { ActionResult } from "@/lib/platform/actions/result";
import { showActionResult } from "./action-feedback";

/**
 * A button that asks, then runs one server action: `success` is toasted when it succeeds, its
 * refusal is toasted and the question stays open.
 */
export function ConfirmActionButton({
  action,
  success,
  ...button
}: Omit<ComponentProps<typeof ConfirmButton>, "onConfirm"> & {
  action: () => Promise<ActionResult<unknown>>;
  success: string;
}) {
  return (
    <ConfirmButton
      {...button}
      onConfirm={async () => {
        const result = await action();
        showActionResult(result, { success });
        return result.ok;
      }}
    />
  );
}
