import { describe, expect, it } from "vitest";
import { can, permissionsByRole, roles } from "./permissions";

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
