"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { showActionResult } from "@/components/forms/action-feedback";
import { Button } from "@/components/ui/button";
import { verifyEmailAction } from "@/lib/platform/actions/auth";

export function VerifyEmailButton({ token }: { token: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const confirm = () =>
    startTransition(async () => {
      if (!showActionResult(await verifyEmailAction({ token }), { success: "Your email is confirmed." }))
        return;
      // Signed out, the dashboard sends you to sign-in first.
      router.replace("/test");
      router.refresh();
    });
  return (
    <Button type="button" className="w-full" onClick={confirm} disabled={pending} autoFocus>
      {pending ? "Confirming…" : "Confirm my email"}
    </Button>
  );
}
