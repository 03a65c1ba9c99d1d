import { describe, expect, it } from "vitest";
import { can, mayUseUnverified, permissionsByRole, roles } from "./permissions";

describe("permission table", () => {
  it("gives the owner every permission any role has", () => {
    const all = new Set(Object.values(permissionsByRole).flat());
    for (const permission of all) expect(can("owner", permission)).toBe(true);
  });

  it("matches the issue's examples: support cannot create keys, viewer cannot refund", () => {
    expect(can("support", "api_keys.manage")).toBe(false);
    expect(can("viewer", "payments.refund")).toBe(false);
    expect(can("support", "payments.refund")).toBe(true);
    expect(can("developer", "api_keys.manage")).toBe(true);
  });

  it("lets only owners and admins manage the team and read the audit log", () => {
    expect(roles.filter((r) => can(r, "team.manage"))).toEqual(["owner", "admin"]);
    expect(roles.filter((r) => can(r, "audit.read"))).toEqual(["owner", "admin"]);
  });

  it("gives the viewer read access only", () => {
    expect(permissionsByRole.viewer.every((p) => p.endsWith(".read"))).toBe(true);
  });
});

describe("a user whose email is not verified", () => {
  it("may do anything their role allows in test mode, but only read in live mode", () => {
    for (const permission of permissionsByRole.owner) expect(mayUseUnverified("test", permission)).toBe(true);
    for (const permission of [
      "payments.refund",
      "settlements.write",
      "api_keys.manage",
      "webhooks.manage",
      "team.manage",
      "merchants.write",
    ] as const) {
      expect(mayUseUnverified("live", permission)).toBe(false);
    }
    expect(mayUseUnverified("live", "payments.read")).toBe(true);
    expect(mayUseUnverified("live", "account.read")).toBe(true);
  });

  it("only owners read the dev outbox (it holds reset links of the whole team)", () => {
    expect(roles.filter((r) => can(r, "outbox.read"))).toEqual(["owner"]);
  });
});
