import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard, Problem } from "@/components/auth/auth-card";
import { openEmailLink } from "@/lib/domain/auth/open-email-link";
import { requestAddress } from "@/lib/domain/auth/request-address";
import { unusableResetLink } from "@/lib/domain/auth/reset-password";
import { ResetPasswordForm } from "./reset-password-form";

export const metadata: Metadata = { title: "Choose a new password" };
export const dynamic = "force-dynamic";

export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const link = await openEmailLink(token, "reset_password", await requestAddress(), unusableResetLink);
  if (!link.ok) {
    return (
      <AuthCard title="This link cannot be used">
        <div className="space-y-4">
          <Problem>{link.problem}</Problem>
          <Link
            href="/forgot-password"
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Ask for a new link
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password" description="After this, sign in with the new password.">
      <ResetPasswordForm token={token} email={link.email} />
    </AuthCard>
  );
}
