import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard, Problem } from "@/components/auth/auth-card";
import { openEmailLink } from "@/lib/domain/auth/open-email-link";
import { requestAddress } from "@/lib/domain/auth/request-address";
import { unusableVerificationLink } from "@/lib/domain/auth/verify-email";
import { VerifyEmailButton } from "./verify-email-button";

export const metadata: Metadata = { title: "Confirm your email" };
export const dynamic = "force-dynamic";

// Confirming takes a click, not just opening the page: mail scanners open links too, and a GET
// must not use up the token.
export default async function VerifyEmailPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const link = await openEmailLink(token, "verify_email", await requestAddress(), unusableVerificationLink);
  if (!link.ok) {
    return (
      <AuthCard title="This link cannot be used">
        <div className="space-y-4">
          <Problem>{link.problem}</Problem>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            <Link
              href="/forgot-password?confirm=1"
              className="text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              Get a new confirmation link
            </Link>
            <Link
              href="/test"
              className="text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              Go to the dashboard
            </Link>
          </div>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Confirm your email"
      description={
        <>
          Confirm that <strong className="break-all text-foreground">{link.email}</strong> is your address.
        </>
      }
    >
      <VerifyEmailButton token={token} />
    </AuthCard>
  );
}
