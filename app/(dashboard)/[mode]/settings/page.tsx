import type { Metadata } from "next";
import { Badge } from "@/components/ui/badge";
import { SectionCard } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { dashboardPage } from "@/lib/domain/auth/dashboard-page";
import { ChangePasswordForm } from "./change-password-form";

export const metadata: Metadata = { title: "Account settings" };

export default async function AccountSettingsPage({ params }: { params: Promise<{ mode: string }> }) {
  const { viewer, mode } = await dashboardPage(params);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Account settings"
        description="Your own login. It is the same in test and live mode."
      />
      <SectionCard title="Your login">
        <dl className="grid gap-3 text-sm sm:grid-cols-[8rem_1fr]">
          <dt className="text-muted-foreground">Name</dt>
          <dd>{viewer.user.name}</dd>
          <dt className="text-muted-foreground">Email</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <span className="break-all">{viewer.user.email}</span>
            {viewer.user.emailVerified ? (
              <Badge tone="success">Confirmed</Badge>
            ) : (
              <Badge tone="warning">Not confirmed</Badge>
            )}
          </dd>
          <dt className="text-muted-foreground">Role</dt>
          <dd>
            {viewer.role} of {viewer.account.name}
          </dd>
        </dl>
      </SectionCard>
      <SectionCard title="Change password" description="Enter your current password, then the new one.">
        <ChangePasswordForm mode={mode} email={viewer.user.email} />
      </SectionCard>
    </div>
  );
}
