"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { toast } from "sonner";
import { resendVerificationAction } from "@/lib/platform/actions/account";
import { showActionResult } from "@/components/forms/action-feedback";
import { Button } from "@/components/ui/button";
import type { Mode } from "@/lib/core/db";

export function ResendVerificationButton({ mode }: { mode: Mode }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const resend = () =>
    startTransition(async () => {
      const data = showActionResult(await resendVerificationAction({ mode }));
      if (!data) return;
      if (data.alreadyVerified) router.refresh();
      else toast.success(`We sent a new link to ${data.email}. The earlier one no longer works.`);
    });
  return (
    <Button type="button" variant="outline" size="sm" onClick={resend} disabled={pending}>
      {pending ? "Sending…" : "Resend link"}
    </Button>
  );
}
