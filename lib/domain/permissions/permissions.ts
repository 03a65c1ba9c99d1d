import type { Mode, Role } from "@/lib/core/db";

// The one table of who may do what in the dashboard. Every server action names one of these and
// is refused on the server when the caller's role lacks it; hiding a button is only a courtesy.
// Each role of the three that work with payments holds the one below it and more.
const supportPermissions = [
  "account.read",
  "payments.read",
  "payments.buyer_details",
  "payments.create",
  "payments.cancel",
  "payments.refund",
  "payments.verify",
] as const;
const adminPermissions = [
  ...supportPermissions,
  "merchants.write",
  "settlements.write",
  "api_keys.manage",
  "webhooks.manage",
  "team.manage",
  "audit.read",
] as const;

export const permissionsByRole = {
  owner: [...adminPermissions, "outbox.read"],
  admin: adminPermissions,
  developer: [
    "account.read",
    "payments.read",
    "payments.create",
    "merchants.write",
    "api_keys.manage",
    "webhooks.manage",
  ],
  support: supportPermissions,
  viewer: ["account.read", "payments.read"],
} as const satisfies Record<Role, readonly string[]>;

export type Permission = (typeof permissionsByRole)["owner"][number];

export const roles = ["owner", "admin", "developer", "support", "viewer"] as const satisfies readonly Role[];

export function can(role: Role, permission: Permission): boolean {
  return (permissionsByRole[role] as readonly string[]).includes(permission);
}

// What a person whose email is not verified yet may still do in live mode: read. Everything that
// changes live data (and so anything that moves or redirects money) waits for the verification;
// test mode is open to them, so they can try Tollgate before finding the mail.
export function mayUseUnverified(mode: Mode, permission: Permission): boolean {
  return mode === "test" || permission.endsWith(".read");
}

export const roleDescriptions: Record<Role, string> = {
  owner: "Everything, including the team and billing of the account.",
  admin: "Everything except changing, removing or appointing owners.",
  developer: "API keys, webhooks and merchants; reads payments and creates them and payment links.",
  support:
    "Creates, reads, cancels and refunds payments (and payment links), and attaches their transaction hashes.",
  viewer: "Reads everything, changes nothing.",
};
