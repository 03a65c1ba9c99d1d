import Link from "next/link";
import { Suspense } from "react";
import { notFound } from "next/navigation";
import { VerifyEmailBanner } from "@/components/auth/verify-email-banner";
import { ModeToggle } from "@/components/dashboard/mode-toggle";
import { SidebarNav, type NavItem } from "@/components/dashboard/sidebar-nav";
import { SignOutButton } from "@/components/dashboard/sign-out-button";
import { ApiSensitiveChangesBanner } from "@/components/settlements/api-sensitive-changes-banner";
import { DisabledEndpointsBanner } from "@/components/webhooks/disabled-endpoints-banner";
import { can, type Permission } from "@/lib/domain/permissions/permissions";
import { requireViewer } from "@/lib/domain/auth/session";
import { parseMode } from "@/lib/core/tenancy/modes";

export default async function DashboardLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ mode: string }>;
}) {
  const mode = parseMode((await params).mode);
  if (!mode) notFound();
  const viewer = await requireViewer();
  const nav: (NavItem & { permission: Permission })[] = [
    { href: `/${mode}`, label: "Overview", permission: "account.read" },
    { href: `/${mode}/payments`, label: "Payments", permission: "payments.read" },
    { href: `/${mode}/payment-links`, label: "Payment links", permission: "payments.read" },
    { href: `/${mode}/merchants`, label: "Merchants", permission: "account.read" },
    { href: `/${mode}/developers`, label: "Developers", permission: "account.read" },
    { href: `/${mode}/team`, label: "Team", permission: "account.read" },
    { href: `/${mode}/audit-log`, label: "Audit log", permission: "audit.read" },
    { href: `/${mode}/settings`, label: "Settings", permission: "account.read" },
  ];
  return (
    <div className="min-h-screen bg-muted/40">
      {mode === "test" ? (
        <div role="status" className="bg-warning px-4 py-1 text-center text-xs font-semibold text-black">
          TEST MODE — simulated payments, no real funds move. Test data never appears in live mode.
        </div>
      ) : null}
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-border bg-background px-4 py-3">
        <div className="flex items-center gap-3">
          <Link href={`/${mode}`} className="font-semibold">
            Tollgate
          </Link>
          <span className="text-sm text-muted-foreground" data-testid="account-name">
            {viewer.account.name}
          </span>
        </div>
        <div className="flex items-center gap-3">
          <ModeToggle mode={mode} />
          <span className="hidden text-sm text-muted-foreground sm:inline" data-testid="user-email">
            {viewer.user.email}
          </span>
          <SignOutButton />
        </div>
      </header>
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 md:flex-row">
        <aside className="md:w-48 md:shrink-0">
          <SidebarNav
            items={nav
              .filter((item) => can(viewer.role, item.permission))
              .map(({ href, label }) => ({ href, label }))}
          />
        </aside>
        <main className="min-w-0 flex-1 space-y-6">
          {viewer.user.emailVerified ? null : <VerifyEmailBanner mode={mode} email={viewer.user.email} />}
          {/* Banners that query stream in beside the page rather than holding it up. */}
          <Suspense fallback={null}>
            {can(viewer.role, "settlements.write") ? (
              <ApiSensitiveChangesBanner
                mode={mode}
                scope={{ accountId: viewer.account.id, mode }}
                userId={viewer.user.id}
              />
            ) : null}
            {can(viewer.role, "webhooks.manage") ? (
              <DisabledEndpointsBanner mode={mode} scope={{ accountId: viewer.account.id, mode }} />
            ) : null}
          </Suspense>
          {children}
        </main>
      </div>
    </div>
  );
}
