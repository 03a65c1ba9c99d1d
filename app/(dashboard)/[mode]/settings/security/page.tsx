import type { Metadata } from "next";
import { SectionCard } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { dashboardPage } from "@/lib/domain/auth/dashboard-page";
import { listUserSessions } from "@/lib/domain/auth/list-user-sessions";
import { listPasskeys } from "@/lib/domain/auth/passkeys/list-passkeys";
import { mustSetUpTwoFactor } from "@/lib/domain/auth/session";
import { formatDateTime } from "@/components/ui/format-date";
import { PasskeySection } from "./passkey-section";
import { RequireTwoFactorForm } from "./require-two-factor-form";
import { SessionList } from "./session-list";
import { TwoFactorSection } from "./two-factor-section";

export const metadata: Metadata = { title: "Security" };
// Forms here need the CSP nonce of a dynamic render to hydrate.
export const dynamic = "force-dynamic";

export default async function SecuritySettingsPage({ params }: { params: Promise<{ mode: string }> }) {
  const { viewer, mode } = await dashboardPage(params, "account.read", { twoFactorSetup: true });
  const passkeys = (await listPasskeys(viewer)).map((p) => ({
    id: p.id,
    name: p.name,
    created: formatDateTime(p.createdAt),
    lastUsed: p.lastUsedAt ? formatDateTime(p.lastUsedAt) : null,
    synced: p.backedUp,
  }));
  const sessions = (await listUserSessions(viewer)).map((s) => ({
    id: s.id,
    device: s.device,
    ipAddress: s.ipAddress,
    current: s.current,
    signedIn: formatDateTime(s.createdAt),
    lastSeen: formatDateTime(s.lastSeenAt),
  }));
  return (
    <div className="space-y-6">
      <PageHeader title="Security" description="How you sign in, and where you are signed in." />
      {mustSetUpTwoFactor(viewer) ? (
        <p role="alert" className="rounded-md border border-warning bg-warning/20 px-3 py-2 text-sm">
          <strong>{viewer.account.name} requires two-factor sign-in.</strong> Set it up below to use the
          dashboard.
        </p>
      ) : null}
      <SectionCard
        title="Two-factor sign-in: authenticator app"
        description="After your password, sign-in asks for a code from an authenticator app on your phone (or for a passkey, below)."
      >
        <TwoFactorSection mode={mode} enabled={viewer.user.totpEnabled} />
      </SectionCard>
      <SectionCard
        title="Passkeys"
        description="A passkey on your phone, laptop or security key can stand in for the code at sign-in, and confirms sensitive changes. It counts as two-factor sign-in."
      >
        <PasskeySection mode={mode} passkeys={passkeys} />
      </SectionCard>
      {viewer.role === "owner" ? (
        <SectionCard
          title="Require two-factor sign-in"
          description={`Every member of ${viewer.account.name} must set up an authenticator app or a passkey before they can use the dashboard.`}
        >
          <RequireTwoFactorForm
            mode={mode}
            required={viewer.account.requireTwoFactor}
            ownTwoFactor={viewer.user.twoFactorEnabled}
          />
        </SectionCard>
      ) : null}
      <SectionCard
        title="Sessions"
        description="Where your login is signed in now. Sign out anything you do not recognise, then change your password."
      >
        <SessionList mode={mode} sessions={sessions} />
      </SectionCard>
    </div>
  );
}
