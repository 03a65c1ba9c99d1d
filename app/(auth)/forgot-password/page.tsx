import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { ForgotPasswordForm } from "./forgot-password-form";

export const metadata: Metadata = { title: "Reset your password" };
// Rendered per request, so its scripts carry the request's CSP nonce.
export const dynamic = "force-dynamic";

// `?confirm=1` is the way here of someone whose email is not confirmed yet (from sign-in, or a
// used confirmation link): the reset link confirms the email too (lib/domain/auth/reset-password.ts).
export default async function ForgotPasswordPage({
  searchParams,
}: {
  searchParams: Promise<{ confirm?: string }>;
}) {
  const confirming = (await searchParams).confirm === "1";
  return (
    <AuthCard
      title={confirming ? "Get a new confirmation link" : "Reset your password"}
      description={
        confirming
          ? "Enter the email you signed up with. We will mail you a link to choose your password; following it confirms your email too, and you can sign in."
          : "Enter the email you sign in with. We will mail you a link to choose a new password."
      }
    >
      <ForgotPasswordForm />
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Remembered it?{" "}
        <Link href="/sign-in" className="font-medium text-primary underline-offset-4 hover:underline">
          Back to sign-in
        </Link>
      </p>
    </AuthCard>
  );
}
