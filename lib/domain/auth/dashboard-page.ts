import "server-only";
import { notFound, redirect } from "next/navigation";
import type { Mode } from "@/lib/core/db";
import { parseMode } from "@/lib/core/tenancy/modes";
import type { Scope } from "@/lib/core/tenancy/scope";
import { can, type Permission } from "@/lib/domain/permissions/permissions";
import { mustSetUpTwoFactor, requireViewer, type Viewer } from "./session";

export type DashboardPage = { viewer: Viewer; mode: Mode; scope: Scope; allowed: boolean };

/**
 * What every dashboard page starts with: a valid mode from the URL (else 404), a signed-in viewer
 * (else sign-in), two-factor sign-in if the account requires it (else its setup page), and whether
 * their role has the page's permission (the page shows <NoAccess/> if not).
 */
export async function dashboardPage(
  params: Promise<{ mode: string }>,
  permission: Permission = "account.read",
  options: { twoFactorSetup?: boolean } = {},
): Promise<DashboardPage> {
  const mode = parseMode((await params).mode);
  if (!mode) notFound();
  const viewer = await requireViewer();
  if (!options.twoFactorSetup && mustSetUpTwoFactor(viewer)) redirect(`/${mode}/settings/security`);
  return {
    viewer,
    mode,
    scope: { accountId: viewer.account.id, mode },
    allowed: can(viewer.role, permission),
  };
}
