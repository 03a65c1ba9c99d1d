import { describe, expect, it } from "vitest";
import { ApiKeyPermissionsSchema } from "@/lib/domain/schemas/api-key";
import {
  apiPermissions,
  describeApiPermissions,
  effectiveApiPermissions,
  grantableApiPermissions,
} from "./api-key-permissions";

describe("grantableApiPermissions", () => {
  it("lets owners and admins grant everything", () => {
    expect(grantableApiPermissions("owner")).toEqual([...apiPermissions]);
    expect(grantableApiPermissions("admin")).toEqual([...apiPermissions]);
  });

  it("withholds the money-moving writes from developers", () => {
    const developer = grantableApiPermissions("developer");
    expect(developer).not.toContain("settlements.write");
    expect(developer).not.toContain("refunds.write");
    expect(developer).toEqual(
      expect.arrayContaining([
        "payments.write",
        "merchants.write",
        "webhooks.write",
        "settlements.read",
        "refunds.read",
      ]),
    );
  });

  it("gives roles that cannot manage keys nothing to grant", () => {
    expect(grantableApiPermissions("support")).toEqual([]);
    expect(grantableApiPermissions("viewer")).toEqual([]);
  });
});

describe("ApiKeyPermissions", () => {
  it("adds read to every write and keeps the canonical order without duplicates", () => {
    expect(ApiKeyPermissionsSchema.parse(["refunds.write", "payments.read", "payments.read"])).toEqual([
      "payments.read",
      "refunds.read",
      "refunds.write",
    ]);
  });

  it("refuses an empty list and unknown permissions", () => {
    expect(ApiKeyPermissionsSchema.safeParse([]).success).toBe(false);
    expect(ApiKeyPermissionsSchema.safeParse(["payments.delete"]).success).toBe(false);
  });
});

describe("describeApiPermissions", () => {
  it("names full access and restricted keys", () => {
    expect(describeApiPermissions(apiPermissions)).toBe("Full access");
    expect(describeApiPermissions(["payments.read"])).toBe("Payments: read");
    expect(describeApiPermissions(["payments.read", "payments.write", "refunds.read"])).toBe(
      "Payments: write · Refunds: read",
    );
  });
});

describe("effectiveApiPermissions", () => {
  const full = [...apiPermissions];

  it("shrinks a full key to what its creator's role grants today", () => {
    expect(effectiveApiPermissions(full, { role: "owner" })).toEqual(full);
    expect(effectiveApiPermissions(full, { role: "developer" })).toEqual(
      grantableApiPermissions("developer"),
    );
    expect(effectiveApiPermissions(full, { role: "developer" })).not.toContain("settlements.write");
    expect(effectiveApiPermissions(full, { role: "viewer" })).toEqual([]);
  });

  it("never adds what the key was not given", () => {
    expect(effectiveApiPermissions(["payments.read"], { role: "owner" })).toEqual(["payments.read"]);
  });

  it("leaves a key of a creator who left the team nothing, and a system key what it was given", () => {
    expect(effectiveApiPermissions(full, { role: null })).toEqual([]);
    expect(effectiveApiPermissions(["payments.read"], null)).toEqual(["payments.read"]);
  });
});
