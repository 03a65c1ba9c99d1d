import type { Metadata } from "next";
import Link from "next/link";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { db } from "@/lib/core/db";
import { findOpenInvitation } from "@/lib/domain/team/find-invitation";
import { AcceptInvitationForm } from "./accept-invitation-form";

export const metadata: Metadata = { title: "Accept your invitation" };
export const dynamic = "force-dynamic";

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const found = await findOpenInvitation(db(), token);
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-4 py-8">
      <Card className="w-full max-w-sm">
        <CardHeader>
          <p className="text-sm font-semibold text-primary">Tollgate</p>
          <CardTitle as="h1">
            {found.ok ? `Join ${found.invitation.accountName}` : "This invitation cannot be used"}
          </CardTitle>
          {found.ok ? (
            <p className="text-sm text-muted-foreground">
              You were invited as <strong className="text-foreground">{found.invitation.role}</strong>. Choose
              your name and a password to finish.
            </p>
          ) : null}
        </CardHeader>
        <CardContent>
          {found.ok ? (
            <AcceptInvitationForm token={token} email={found.invitation.email} />
          ) : (
            <div className="space-y-4">
              <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
                {found.problem}
              </p>
              <Link
                href="/sign-in"
                className="text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                Go to sign-in
              </Link>
            </div>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
