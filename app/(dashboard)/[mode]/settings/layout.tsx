import { notFound } from "next/navigation";
import { SectionTabs } from "@/components/dashboard/section-tabs";
import { can } from "@/lib/domain/permissions/permissions";
import { requireViewer } from "@/lib/domain/auth/session";
import { parseMode } from "@/lib/core/tenancy/modes";

export default async function SettingsLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ mode: string }>;
}) {
  const mode = parseMode((await params).mode);
  if (!mode) notFound();
  const viewer = await requireViewer();
  const items = [
    { href: `/${mode}/settings`, label: "Account" },
    { href: `/${mode}/settings/security`, label: "Security" },
  ];
  if (can(viewer.role, "outbox.read")) items.push({ href: `/${mode}/settings/outbox`, label: "Outbox" });
  return (
    <div className="space-y-6">
      <SectionTabs label="Settings" items={items} />
      {children}
    </div>
  );
}
