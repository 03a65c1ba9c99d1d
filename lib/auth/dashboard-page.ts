import "server-only";
import { notFound } from "next/navigation";
import type { Mode } from "@/lib/db";
import { parseMode } from "@/lib/modes";
import type { Scope } from "@/lib/scope";
import { can, type Permission } from "./permissions";
import { requireViewer, type Viewer } from "./session";

export type DashboardPage = { viewer: Viewer; mode: Mode; scope: Scope; allowed: boolean };

/**
 * What every dashboard page starts with: a valid mode from the URL (else 404), a signed-in viewer
 * (else sign-in), and whether their role has the page's permission (the page shows <NoAccess/> if not).
 */
export async function dashboardPage(params: Promise<{ mode: string }>, permission: Permission = "account.read"): Promise<DashboardPage> {
  const mode = parseMode((await params).mode);
  if (!mode) notFound();
  const viewer = await requireViewer();
  return { viewer, mode, scope: { accountId: viewer.account.id, mode }, allowed: can(viewer.role, permission) };
}
