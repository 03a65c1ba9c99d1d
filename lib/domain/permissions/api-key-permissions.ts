import type { Role } from "@/lib/core/db";
import { can, type Permission } from "@/lib/domain/permissions/permissions";

// What an API key may do. Every key carries an explicit list, chosen when it is created.
export const apiResources = ["merchants", "settlements", "payments", "refunds", "webhooks"] as const;
export type ApiResource = (typeof apiResources)[number];

export const apiPermissions = [
  "merchants.read",
  "merchants.write",
  "settlements.read",
  "settlements.write",
  "payments.read",
  "payments.write",
  "refunds.read",
  "refunds.write",
  "webhooks.read",
  "webhooks.write",
] as const satisfies readonly `${ApiResource}.${"read" | "write"}`[];
export type ApiPermission = (typeof apiPermissions)[number];

/** A resource's access on a key: `write` includes `read`. */
export type ApiAccess = "none" | "read" | "write";

// A key never carries more than its creator may do in the dashboard. Creating any key needs
// `api_keys.manage`; the writes the dashboard guards with their own permission need that one too.
// Creating and cancelling payments is what an integration does, so `api_keys.manage` suffices.
const dashboardPermissionFor: Partial<Record<ApiPermission, Permission>> = {
  "merchants.write": "merchants.write",
  "settlements.write": "settlements.write",
  "refunds.write": "payments.refund",
  "webhooks.write": "webhooks.manage",
};

/** The permissions a member with this role may put on a key (none for roles that cannot manage keys). */
export function grantableApiPermissions(role: Role): ApiPermission[] {
  if (!can(role, "api_keys.manage")) return [];
  return apiPermissions.filter((p) => {
    const needed = dashboardPermissionFor[p];
    return !needed || can(role, needed);
  });
}

/**
 * What a key may do now: what it was given, bounded by what its creator's role may grant today, so a
 * key shrinks when its creator is demoted. A creator who left the team (`creatorRole` null) grants
 * nothing; a key made by the system (no creator) keeps what it was given.
 */
export function effectiveApiPermissions(
  permissions: readonly string[],
  creator: { role: Role | null } | null,
): string[] {
  if (!creator) return [...permissions];
  const grantable: readonly string[] = creator.role ? grantableApiPermissions(creator.role) : [];
  return permissions.filter((p) => grantable.includes(p));
}

export function accessToPermissions(access: Partial<Record<ApiResource, ApiAccess>>): ApiPermission[] {
  return apiResources.flatMap((r): ApiPermission[] =>
    access[r] === "write" ? [`${r}.read`, `${r}.write`] : access[r] === "read" ? [`${r}.read`] : [],
  );
}

export function permissionsToAccess(permissions: readonly string[]): Record<ApiResource, ApiAccess> {
  const held = new Set(permissions);
  return Object.fromEntries(
    apiResources.map((r) => [r, held.has(`${r}.write`) ? "write" : held.has(`${r}.read`) ? "read" : "none"]),
  ) as Record<ApiResource, ApiAccess>;
}

/** How a key's permissions read in the keys list: "Full access", or e.g. "Payments: write · Refunds: read". */
export function describeApiPermissions(permissions: readonly string[]): string {
  if (apiPermissions.every((p) => permissions.includes(p))) return "Full access";
  const access = permissionsToAccess(permissions);
  const parts = apiResources
    .filter((r) => access[r] !== "none")
    .map((r) => `${r.charAt(0).toUpperCase()}${r.slice(1)}: ${access[r]}`);
  return parts.length ? parts.join(" · ") : "No access";
}
