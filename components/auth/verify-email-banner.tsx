import type { Mode } from "@/lib/core/db";
import { ResendVerificationButton } from "./resend-verification-button";

/** Shown in the dashboard until the signed-in person confirms their email. */
export function VerifyEmailBanner({ mode, email }: { mode: Mode; email: string }) {
  return (
    <section
      role="status"
      aria-label="Confirm your email"
      data-testid="verify-email-banner"
      className="flex flex-wrap items-center gap-3 rounded-md border border-warning bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <p className="min-w-0 flex-1">
        <span className="font-medium">Confirm your email address.</span> Follow the link we mail to{" "}
        <span className="break-all">{email}</span>. Until you do, you can work in test mode but change nothing
        in live mode.
      </p>
      <ResendVerificationButton mode={mode} />
    </section>
  );
}
