import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import { createMerchant } from "@/lib/domain/merchants/create-merchant";
import { RegisterCryptoSettlementsBodySchema } from "@/lib/domain/schemas/settlement";
import { deleteCryptoSettlement } from "@/lib/domain/settlements/delete-crypto-settlement";
import { registerCryptoSettlements } from "@/lib/domain/settlements/register-crypto-settlements";
import { createTestAccount, withTestDatabase } from "@/lib/core/testing/test-database";
import type { Scope } from "@/lib/core/tenancy/scope";
import { markReauthenticated } from "./fresh-auth";
import { asSession, recordSensitiveChange } from "./sensitive-change";
import { startUserSession } from "./user-sessions";

withTestDatabase();

const usdc = "eip155:8453/erc20:0x833589fcd6edb6e08f4c7c32d4f71b54bda02913";
const eurc = "eip155:8453/erc20:0x60a3e35cc302bfa44cb288bc5a4f316fdb1adb42";
const wallet = (digit: string) => `eip155:8453:0x${digit.repeat(40)}`;

async function owner(scope: Scope) {
  const id = newId("user");
  await db().user.create({
    data: {
      id,
      email: `${id.toLowerCase()}@shop.example`,
      name: "Olive",
      passwordHash: "x",
      emailVerifiedAt: new Date(),
    },
  });
  await db().membership.create({
    data: { id: newId("mem"), accountId: scope.accountId, userId: id, role: "owner" },
  });
  return { userId: id, sessionId: await startUserSession(id, { userAgent: null, ipAddress: null }) };
}

const change = (scope: Scope) => ({
  ...scope,
  action: "webhook_endpoint.updated" as const,
  targetType: "webhook_endpoint",
  targetId: "we_1",
  details: { "New URL": "https://elsewhere.example" },
});
const audits = (scope: Scope) =>
  db().auditLog.findMany({ where: { accountId: scope.accountId }, orderBy: { createdAt: "asc" } });
const mails = (scope: Scope) => db().outboundEmail.findMany({ where: { accountId: scope.accountId } });

describe("recordSensitiveChange", () => {
  it("asks a person for fresh re-authentication in the session making the change, then records the alert and mails the owners", async () => {
    const scope = await createTestAccount("live");
    const person = await owner(scope);
    const actor = `user:${person.userId}`;
    await expect(
      db().$transaction((tx) => recordSensitiveChange(tx, actor, change(scope))),
    ).rejects.toMatchObject({ code: "reauthentication_required" });
    await expect(
      asSession(person, () => db().$transaction((tx) => recordSensitiveChange(tx, actor, change(scope)))),
    ).rejects.toMatchObject({ code: "reauthentication_required" });
    // Another person's fresh session does not stand in for this one's.
    const other = await owner(scope);
    await markReauthenticated(other.sessionId);
    await expect(
      asSession(other, () => db().$transaction((tx) => recordSensitiveChange(tx, actor, change(scope)))),
    ).rejects.toMatchObject({ code: "reauthentication_required" });
    expect(await audits(scope)).toEqual([]);

    await markReauthenticated(person.sessionId);
    await asSession(person, () => db().$transaction((tx) => recordSensitiveChange(tx, actor, change(scope))));
    expect(await audits(scope)).toMatchObject([
      { action: "webhook_endpoint.updated", alert: "webhook_endpoint_changed", actor },
    ]);
    const sent = await mails(scope);
    expect(sent).toHaveLength(2);
    expect(sent[0]!.subject).toMatch(/^Where webhook events go was changed/);
    expect(sent[0]!.text).toContain("New URL: https://elsewhere.example");
  });

  it("lets an API key through without re-authentication, with the alert recorded for the banner", async () => {
    const scope = await createTestAccount("live");
    await owner(scope);
    await db().$transaction((tx) => recordSensitiveChange(tx, "api_key:key_1", change(scope)));
    expect(await audits(scope)).toMatchObject([
      {
        alert: "webhook_endpoint_changed",
        actor: "api_key:key_1",
        data: { alertDetails: [["New URL", "https://elsewhere.example"]] },
      },
    ]);
    expect(await mails(scope)).toHaveLength(1);
  });

  it("is an ordinary audit entry in a mode where the change is not sensitive", async () => {
    const scope = await createTestAccount("test");
    const person = await owner(scope);
    await asSession(person, () =>
      db().$transaction((tx) => recordSensitiveChange(tx, `user:${person.userId}`, change(scope))),
    );
    expect(await audits(scope)).toMatchObject([{ action: "webhook_endpoint.updated", alert: null }]);
    expect(await mails(scope)).toEqual([]);
  });
});

describe("adding a test-mode webhook endpoint", () => {
  it("asks no one to re-authenticate and raises no alert: test events carry no real money (issue 33)", async () => {
    const scope = await createTestAccount("test");
    const person = await owner(scope);
    const created = {
      ...scope,
      action: "webhook_endpoint.created" as const,
      targetType: "webhook_endpoint",
      targetId: "we_1",
      details: {},
    };
    await asSession(person, () =>
      db().$transaction((tx) => recordSensitiveChange(tx, `user:${person.userId}`, created)),
    );
    await db().$transaction((tx) => recordSensitiveChange(tx, "api_key:key_1", created));
    expect((await audits(scope)).map((a) => a.alert)).toEqual([null, null]);
  });
});

describe("registering a live crypto settlement", () => {
  const register = (
    scope: Scope,
    merchantId: string,
    settlements: { asset: string; destination: string }[],
  ) =>
    db().$transaction((tx) =>
      registerCryptoSettlements(
        { tx, scope, actor: "api_key:key_1" },
        merchantId,
        RegisterCryptoSettlementsBodySchema.parse({ settlements }),
        { confirmWarnings: true },
      ),
    );
  const alerts = async (scope: Scope) =>
    (await audits(scope))
      .filter((a) => a.alert)
      .map((a) => Object.fromEntries((a.data as { alertDetails: [string, string][] }).alertDetails));

  it("is a destination change when it pays a wallet the merchant does not use, naming the wallet of the same asset deleted in the last 7 days", async () => {
    const scope = await createTestAccount("live");
    await owner(scope);
    const merchant = await createMerchant(
      { tx: db(), scope, actor: "system" },
      {
        merchantName: "Shop",
        merchantEmail: "shop@example.com",
      },
    );
    const { rows } = await register(scope, merchant.id, [{ asset: usdc, destination: wallet("1") }]);
    // The same wallet for another asset pays no one new.
    const { rows: eurcRows } = await register(scope, merchant.id, [
      { asset: eurc, destination: wallet("1") },
    ]);
    await db().$transaction((tx) =>
      deleteCryptoSettlement({ tx, scope, actor: "api_key:key_1" }, merchant.id, rows[0]!.id),
    );
    await db().$transaction((tx) =>
      deleteCryptoSettlement({ tx, scope, actor: "api_key:key_1" }, merchant.id, eurcRows[0]!.id),
    );
    // Deleted and registered again elsewhere: the alert reads like a changed destination.
    await register(scope, merchant.id, [{ asset: usdc, destination: wallet("2") }]);
    // Restoring the wallet an asset had is no change.
    await register(scope, merchant.id, [{ asset: eurc, destination: wallet("1") }]);
    expect(await alerts(scope)).toEqual([
      {
        Merchant: merchant.id,
        Asset: rows[0]!.asset,
        "Old wallet": "none (a new settlement)",
        "New wallet": rows[0]!.destination,
      },
      {
        Merchant: merchant.id,
        Asset: rows[0]!.asset,
        "Old wallet": rows[0]!.destination,
        "New wallet": wallet("2"),
      },
    ]);
    expect((await mails(scope)).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^A settlement destination was changed/),
      expect.stringMatching(/^A settlement destination was changed/),
    ]);
  });

  it("is no destination change in test mode", async () => {
    const scope = await createTestAccount("test");
    const merchant = await createMerchant(
      { tx: db(), scope, actor: "system" },
      {
        merchantName: "Shop",
        merchantEmail: "shop@example.com",
      },
    );
    await register(scope, merchant.id, [{ asset: usdc, destination: wallet("1") }]);
    expect(await alerts(scope)).toEqual([]);
  });
});
