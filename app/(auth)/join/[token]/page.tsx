import type { Metadata } from "next";
import { AuthCard, Problem } from "@/components/auth/auth-card";
import { limitTokenAttempts } from "@/lib/domain/auth/email-rate-limits";
import { requestAddress } from "@/lib/domain/auth/request-address";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { findJoinRequest } from "@/lib/domain/team/find-invitation";
import { ConfirmJoinForm } from "./confirm-join-form";

export const metadata: Metadata = { title: "Finish joining" };
export const dynamic = "force-dynamic";

// Opened from the mail sent to the invited address. Joining takes the password chosen on the
// invite form, not just opening the page: mail scanners open links too.
export default async function JoinPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const found = await lookUp(token);
  if (!found.ok) {
    return (
      <AuthCard title="This link cannot be used">
        <Problem>{found.problem}</Problem>
      </AuthCard>
    );
  }
  const { invitation } = found;
  return (
    <AuthCard
      title={`Finish joining ${invitation.accountName}`}
      description={
        <>
          Enter the password you chose to join as{" "}
          <strong className="text-foreground">{invitation.role}</strong>.
        </>
      }
    >
      <ConfirmJoinForm token={token} email={invitation.email} accountName={invitation.accountName} />
    </AuthCard>
  );
}

/** Looking a wrong link up counts as a guess, like using it. */
async function lookUp(token: string) {
  try {
    return await limitTokenAttempts(
      await requestAddress(),
      () => findJoinRequest(db(), token),
      (found) => found.ok,
    );
  } catch (error) {
    if (error instanceof AppError) return { ok: false as const, problem: error.message };
    throw error;
  }
}
