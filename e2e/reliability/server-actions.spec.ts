import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { can, roles, type Permission } from "@/lib/domain/permissions/permissions";
import { expect, test } from "../support/api";
import { baseURL, repoRoot } from "../support/settings";
import { signInViaApi } from "../support/sign-in";
import { confirmedOwnerSignedIn, type SignUpValues } from "../support/ui";
import { buildCell, type Cell } from "./cells";

// Every server action of the build (from Next's server-reference manifest, so a new action is in
// here the day it is added), called directly as a user of each role would call it, bypassing the
// UI: refused exactly when the permission table in lib/domain/permissions/permissions says so. Then the actions
// that name a resource, called by another account and by the same account in the other mode: not
// found, and the resource unchanged. And a cross-site post is refused before any action runs.

type Action = { id: string; name: string; url: string; permission: Permission | "public" };

function actionsOfBuild(ids: Record<string, string>): Action[] {
  const manifest = JSON.parse(
    fs.readFileSync(
      path.join(repoRoot, process.env.NEXT_DIST_DIR || ".next", "server", "server-reference-manifest.json"),
      "utf8",
    ),
  ) as {
    node: Record<string, { workers: Record<string, unknown>; filename: string; exportedName: string }>;
  };
  return Object.entries(manifest.node).map(([id, entry]) => {
    const source = fs.readFileSync(path.join(repoRoot, entry.filename), "utf8");
    const declared = new RegExp(
      `export const ${entry.exportedName}\\s*=\\s*(?:authorizedAction\\(\\s*"([\\w.]+)"|(publicAction)\\()`,
    ).exec(source);
    const permission = declared?.[1] as Permission | undefined;
    if (entry.filename.includes("(dashboard)"))
      expect(permission, `${entry.exportedName} must be an authorizedAction`).toBeDefined();
    const page = Object.keys(entry.workers)[0]!
      .replace(/^app/, "")
      .replace(/\/\([^)]+\)/g, "")
      .replace(/\/page$/, "");
    const url = page.replace(/\[(\w+)\]/g, (_, segment: string) => {
      expect(
        ids[segment],
        `${entry.exportedName}: teach this test the route segment [${segment}]`,
      ).toBeDefined();
      return ids[segment]!;
    });
    return { id, name: entry.exportedName, url, permission: permission ?? "public" };
  });
}

async function callAction(
  request: APIRequestContext,
  action: Action,
  args: unknown,
  origin = baseURL,
  extraHeaders: Record<string, string> = {},
): Promise<string> {
  const response = await request.post(`${baseURL}${action.url}`, {
    headers: {
      "Next-Action": action.id,
      "Content-Type": "text/plain;charset=UTF-8",
      Accept: "text/x-component",
      Origin: origin,
      ...extraHeaders,
    },
    data: JSON.stringify([args]),
    failOnStatusCode: false,
    maxRedirects: 0,
  });
  return `${response.status()} ${await response.text()}`;
}

async function signedIn(
  playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
  user: { email: string; password: string },
) {
  const request = await playwright.request.newContext({ baseURL });
  expect(await signInViaApi(request, baseURL, user.email, user.password)).not.toBeNull();
  return request;
}

/** Arguments that name the target's resources, for the actions that act on one. */
const resourceArgs: Record<string, (ids: Cell["ids"]) => Record<string, unknown>> = {
  updateMerchantAction: (ids) => ({
    merchantId: ids.merchantId,
    merchantName: "Taken over",
    merchantEmail: "x@shop.example",
  }),
  deleteMerchantAction: (ids) => ({ merchantId: ids.merchantId }),
  deleteCryptoSettlementAction: (ids) => ({ merchantId: ids.merchantId, settlementId: ids.id }),
  cancelPaymentAction: (ids) => ({ paymentId: ids.paymentId }),
  refundPaymentAction: (ids) => ({ paymentId: ids.paymentId, idempotencyKey: "isolation-matrix-refund" }),
  refundExcessAction: (ids) => ({ paymentId: ids.paymentId }),
  rotateWebhookSecretAction: (ids) => ({ endpointId: ids.endpointId }),
  deleteWebhookEndpointAction: (ids) => ({ endpointId: ids.endpointId }),
  sendTestWebhookAction: (ids) => ({ endpointId: ids.endpointId }),
  redeliverWebhookAction: (ids) => ({ endpointId: ids.endpointId, deliveryId: ids.deliveryId }),
  redeliverFailedWebhooksAction: (ids) => ({
    endpointId: ids.endpointId,
    requestKey: crypto.randomUUID(),
    from: new Date(Date.now() - 86_400_000).toISOString(),
    to: new Date().toISOString(),
  }),
  deactivatePaymentLinkAction: (ids) => ({ linkId: ids.linkId }),
};

test("every server action is allowed or refused per role exactly as the permission table says", async ({
  apiAs,
  fixtures,
  playwright,
}) => {
  test.setTimeout(240_000);
  const cell = await buildCell(
    apiAs({ "Api-Key": fixtures.accounts.a.keys.test }),
    "a/test",
    fixtures.accounts.a.keys.test,
    `act${Date.now().toString(36)}`,
  );
  const actions = actionsOfBuild({
    mode: "test",
    merchantId: cell.ids.merchantId,
    paymentId: cell.ids.paymentId,
    endpointId: cell.ids.endpointId,
    token: "no-such-invitation",
  });
  const guarded = actions.filter((a) => a.permission !== "public");
  expect(guarded.length).toBeGreaterThanOrEqual(15);
  let cases = 0;
  const wrong: string[] = [];
  for (const role of roles) {
    const request = await signedIn(playwright, fixtures.accounts.a.users[role]);
    for (const action of guarded) {
      // Only the mode: a permitted caller gets past the role check to the input check, and nothing changes.
      const answer = await callAction(request, action, { mode: "test" });
      const refused = answer.includes('"code":"forbidden"');
      const answered = /"ok":(true|false)/.test(answer);
      if (!answered || refused !== !can(role, action.permission as Permission))
        wrong.push(`${role} ${action.name} (${action.permission}): ${answer.slice(0, 200)}`);
      cases++;
    }
    await request.dispose();
  }
  console.log(
    `[actions] ${cases} (role, server action) cases over ${roles.length} roles and ${guarded.length} guarded actions (${actions.length - guarded.length} public)`,
  );
  expect(wrong).toEqual([]);
});

test("server actions naming another account's or the other mode's resources find nothing and change nothing", async ({
  apiAs,
  fixtures,
  playwright,
}) => {
  test.setTimeout(240_000);
  const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.test });
  const cell = await buildCell(
    api,
    "a/test",
    fixtures.accounts.a.keys.test,
    `xact${Date.now().toString(36)}`,
  );
  const all = actionsOfBuild({
    mode: "test",
    merchantId: cell.ids.merchantId,
    paymentId: cell.ids.paymentId,
    endpointId: cell.ids.endpointId,
    token: "no-such-invitation",
  });
  const actions = all.filter((a) => resourceArgs[a.name]);
  const snapshot = async () =>
    JSON.stringify([
      (await api.get(`/v1/merchants/${cell.ids.merchantId}`)).body,
      (await api.get(`/v1/merchants/${cell.ids.merchantId}/settlements`)).body,
      (await api.get(`/v1/payments/${cell.ids.paymentId}`)).body,
      (await api.get(`/v1/refunds?paymentId=${cell.ids.paymentId}`)).body,
      (await api.get(`/v1/payment-links/${cell.ids.linkId}`)).body,
    ]);
  const before = await snapshot();
  const callers = [
    { label: "account b's owner (test)", user: fixtures.accounts.b.users.owner, mode: "test" },
    { label: "account a's owner in live mode", user: fixtures.accounts.a.users.owner, mode: "live" },
  ];
  let cases = 0;
  const wrong: string[] = [];
  for (const caller of callers) {
    const request = await signedIn(playwright, caller.user);
    // Past the re-authentication gate (a live secret rotation has one), so every action answers what its lookup finds.
    expect(
      await callAction(request, all.find((a) => a.name === "reauthenticateAction")!, {
        mode: caller.mode,
        method: "password",
        secret: caller.user.password,
      }),
    ).toContain('"ok":true');
    for (const action of actions) {
      const answer = await callAction(
        request,
        { ...action, url: action.url.replace(/^\/test/, `/${caller.mode}`) },
        { mode: caller.mode, ...resourceArgs[action.name]!(cell.ids) },
      );
      if (!answer.includes('"ok":false') || !/"code":"(payment_)?not_found"/.test(answer))
        wrong.push(`${caller.label} ${action.name}: ${answer.slice(0, 200)}`);
      cases++;
    }
    await request.dispose();
  }
  console.log(
    `[actions] ${cases} (caller, resource, server action) isolation cases over ${actions.length} resource actions`,
  );
  expect(wrong).toEqual([]);
  expect(await snapshot()).toBe(before);
});

/** Every action that names a row by id, with otherwise valid arguments, every id being `id`. */
const idArgs: Record<string, (id: string) => Record<string, unknown>> = {
  ...Object.fromEntries(
    Object.entries(resourceArgs).map(([name, args]) => [
      name,
      (id: string) =>
        Object.fromEntries(
          Object.entries(
            args({
              merchantId: id,
              id,
              paymentId: id,
              endpointId: id,
              deliveryId: id,
              eventId: id,
              linkId: id,
              refundId: id,
            }),
          ).map(([k, v]) => [k, k === "settlementId" ? id : v]),
        ),
    ]),
  ),
  revokeApiKeyAction: (id) => ({ id }),
  revokePublicAppAction: (id) => ({ id }),
  updateWebhookEndpointAction: (id) => ({ endpointId: id, enabled: true }),
  changeMemberRoleAction: (id) => ({ membershipId: id, role: "viewer" }),
  removeMemberAction: (id) => ({ membershipId: id }),
  revokeInvitationAction: (id) => ({ invitationId: id }),
  removePasskeyAction: (id) => ({ passkeyId: id }),
  signOutSessionsAction: (id) => ({ sessionIds: [id] }),
  attachPaymentTransactionAction: (id) => ({ paymentId: id, txHash: `0x${"ab".repeat(32)}` }),
  attachRefundTransactionAction: (id) => ({ refundId: id, txHash: `0x${"ab".repeat(32)}` }),
  resolveExceptionAction: (id) => ({ paymentId: id, action: "dismiss" }),
  attachUnmatchedTransferAction: (id) => ({ transferId: id, paymentId: `pay_${"0".repeat(24)}` }),
  dismissUnmatchedTransferAction: (id) => ({ transferId: id, note: "not ours" }),
  changeCryptoDestinationAction: (id) => ({
    merchantId: id,
    settlementId: id,
    destination: "eip155:8453:0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
  }),
  deleteFiatSettlementAction: (id) => ({ merchantId: id, settlementId: id }),
  createFiatSettlementAction: (id) => ({
    merchantId: id,
    accountHolderName: "Shop",
    routingNumber: "011000015",
    accountNumber: "000123456789",
    accountType: "checking",
  }),
  registerCryptoSettlementsAction: (id) => ({
    merchantId: id,
    settlements: [
      {
        asset: "eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
        destination: "eip155:8453:0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
      },
    ],
  }),
  createPaymentAction: (id) => ({
    merchantId: id,
    currency: "USD",
    amount: "10.50",
    referenceId: "ids",
    expiresInMinutes: 15,
  }),
  createPaymentLinkAction: (id) => ({
    merchantId: id,
    currency: "USD",
    kind: "fixed",
    amount: "10.50",
    referencePrefix: "IDS",
  }),
};

test("every server action naming a row refuses a NUL or malformed id as a validation error of that field, before any query", async ({
  fixtures,
  playwright,
}) => {
  const unknown = (prefix: string) => `${prefix}_${"0".repeat(24)}`;
  const actions = actionsOfBuild({
    mode: "test",
    merchantId: unknown("mrch"),
    paymentId: unknown("pay"),
    endpointId: unknown("we"),
    token: "no-such-invitation",
  });
  // A new action taking an id must join the table; one without ids says so here.
  const withoutIds = [
    "createApiKeyAction",
    "createPublicAppAction",
    "createWebhookEndpointAction",
    "reauthenticateAction",
    "passkeyReauthenticationOptionsAction",
    "reauthenticateWithPasskeyAction",
    "inviteMemberAction",
    "changePasswordAction",
    "resendVerificationAction",
    "beginTwoFactorSetupAction",
    "confirmTwoFactorSetupAction",
    "disableTwoFactorAction",
    "beginPasskeyRegistrationAction",
    "finishPasskeyRegistrationAction",
    "setRequireTwoFactorAction",
    "createMerchantAction",
    "dismissApiChangesAction",
  ];
  const guarded = actions.filter((a) => a.permission !== "public");
  expect(guarded.map((a) => a.name).filter((name) => !idArgs[name] && !withoutIds.includes(name))).toEqual(
    [],
  );
  const request = await signedIn(playwright, fixtures.accounts.a.users.owner);
  const wrong: string[] = [];
  let cases = 0;
  for (const action of guarded.filter((a) => idArgs[a.name])) {
    for (const bad of ["pay_\u0000", "\u0000", "none", `${unknown("x")}\u0000`]) {
      const answer = await callAction(request, action, { mode: "test", ...idArgs[action.name]!(bad) });
      if (
        !/"ok":false.*"code":"params_validation"/s.test(answer) ||
        !/"fieldErrors":\{[^}]*"[a-zA-Z]*(Id|id|Ids\.0)":/.test(answer)
      )
        wrong.push(`${action.name} ${JSON.stringify(bad)}: ${answer.slice(0, 240)}`);
      cases++;
    }
  }
  console.log(
    `[actions] ${cases} (server action, bad id) cases over ${Object.keys(idArgs).length} actions naming rows`,
  );
  expect(wrong).toEqual([]);
  await request.dispose();
});

test("a server action posted from another site is refused before it runs", async ({
  apiAs,
  fixtures,
  playwright,
}) => {
  const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.test });
  const request = await signedIn(playwright, fixtures.accounts.a.users.owner);
  const create = actionsOfBuild({
    mode: "test",
    merchantId: "x",
    paymentId: "x",
    endpointId: "x",
    token: "x",
  }).find((a) => a.name === "createMerchantAction")!;
  const name = `Cross-site ${Date.now()}`;
  const answer = await callAction(
    request,
    create,
    { mode: "test", merchantName: name, merchantEmail: "csrf@shop.example" },
    "https://evil.example",
  );
  expect(answer).toMatch(/^403 .*"code":"forbidden"/);
  // Claiming, through X-Forwarded-Host, that the dashboard is the other site changes nothing: no proxy is trusted here.
  const forged = await callAction(
    request,
    create,
    { mode: "test", merchantName: `${name} forged`, merchantEmail: "csrf@shop.example" },
    "https://evil.example",
    { "X-Forwarded-Host": "evil.example" },
  );
  expect(forged).toMatch(/^403 .*"code":"forbidden"/);
  // The same call from the dashboard's own origin works, so the refusal above is about the origin.
  const own = await callAction(request, create, {
    mode: "test",
    merchantName: `${name} own`,
    merchantEmail: "csrf@shop.example",
  });
  expect(own).toContain('"ok":true');
  const names = ((await api.get("/v1/merchants?limit=200")).body.data as { name: string }[]).map(
    (m) => m.name,
  );
  expect(names).toContain(`${name} own`);
  expect(names).not.toContain(name);
  expect(names).not.toContain(`${name} forged`);
  await request.dispose();
});

/** A new account's owner with their email confirmed (sign-up signs no one in before that). */
const freshOwner = (page: Page, values: SignUpValues) => confirmedOwnerSignedIn(page, values);

test("re-entering a password (re-authentication) is limited like sign-in, even for the right password", async ({
  playwright,
  page,
}) => {
  const actions = actionsOfBuild({
    mode: "test",
    merchantId: "m_none",
    paymentId: "p_none",
    endpointId: "we_none",
    token: "no-such-invitation",
  });
  const reauthenticate = actions.find((a) => a.name === "reauthenticateAction")!;
  // A fresh owner of their own account, so locking them out touches no other test.
  const owner = {
    email: `reentry${Date.now().toString(36)}@shop.example`,
    password: "correct horse battery staple",
  };
  await freshOwner(page, { accountName: "Re-entry", name: "Rita Entry", ...owner });
  const request = await signedIn(playwright, owner);
  const attempt = (secret: string) =>
    callAction(request, reauthenticate, { mode: "test", method: "password", secret });
  expect(await attempt(owner.password)).toContain('"ok":true');
  for (let i = 0; i < 10; i++) expect(await attempt(`guess ${i}`)).toContain("That password is not correct.");
  const limited = await attempt(owner.password);
  expect(limited).toContain('"code":"rate_limited"');
  expect(limited).toContain("Too many wrong passwords");
});

test("each re-authentication-gated action is refused when called without a fresh password, and gets past the gate after one", async ({
  fixtures,
  playwright,
  page,
}) => {
  const actions = actionsOfBuild({
    mode: "test",
    merchantId: "m_none",
    paymentId: "p_none",
    endpointId: "we_none",
    token: "no-such-invitation",
  });
  const action = (name: string) => actions.find((a) => a.name === name)!;
  const refused = /"ok":false.*"code":"reauthentication_required".*Confirm it is you/s;
  // A fresh owner (test mode, nothing shared with other tests) for all but the live key, which needs a verified email: account B's owner.
  const owner = {
    email: `gate${Date.now().toString(36)}@shop.example`,
    password: "correct horse battery staple",
  };
  await freshOwner(page, { accountName: "Gate", name: "Gita Gate", ...owner });
  const cases: { name: string; args: Record<string, unknown>; after: RegExp }[] = [
    {
      name: "changeCryptoDestinationAction",
      args: {
        mode: "test",
        merchantId: `mrch_${"0".repeat(24)}`,
        settlementId: `crypto_${"0".repeat(24)}`,
        destination: "eip155:8453:0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
      },
      after: /"code":"not_found"/,
    },
    {
      name: "changeMemberRoleAction",
      args: { mode: "test", membershipId: `mem_${"0".repeat(24)}`, role: "viewer" },
      after: /"code":"not_found"/,
    },
    {
      name: "disableTwoFactorAction",
      args: { mode: "test", disable: true },
      after: /Two-factor sign-in is already off\./,
    },
    // A second factor confirms gated changes itself, so setting up an app, adding a passkey (either step) and removing one are gated too.
    { name: "beginTwoFactorSetupAction", args: { mode: "test", start: true }, after: /"ok":true.*"secret"/s },
    {
      name: "beginPasskeyRegistrationAction",
      args: { mode: "test", name: "gate" },
      after: /"ok":true.*"challenge"/s,
    },
    {
      name: "finishPasskeyRegistrationAction",
      args: {
        mode: "test",
        name: "gate",
        response: {
          id: "AAAA",
          rawId: "AAAA",
          type: "public-key",
          clientExtensionResults: {},
          response: { clientDataJSON: "AAAA", attestationObject: "AAAA" },
        },
      },
      after: /The passkey could not be added\./,
    },
    {
      name: "removePasskeyAction",
      args: { mode: "test", passkeyId: `pkey_${"0".repeat(24)}` },
      after: /"code":"not_found"/,
    },
  ];
  const request = await signedIn(playwright, owner);
  const reauthenticate = (secret: string) =>
    callAction(request, action("reauthenticateAction"), { mode: "test", method: "password", secret });
  for (const { name, args } of cases)
    expect(await callAction(request, action(name), args), name).toMatch(refused);
  // A test-mode webhook endpoint is not gated: a developer adds a local receiver without the password
  // (a live one is: sensitive-changes.spec); its URL is still checked.
  expect(
    await callAction(request, action("createWebhookEndpointAction"), {
      mode: "test",
      url: "http://example.com/hook",
      events: ["*"],
    }),
  ).toMatch(/Must be an https:\/\/ URL\./);
  // A wrong password does not open the gate.
  expect(await reauthenticate("not the password")).toContain("That password is not correct.");
  for (const { name, args } of cases)
    expect(await callAction(request, action(name), args), name).toMatch(refused);
  expect(await reauthenticate(owner.password)).toContain('"ok":true');
  for (const { name, args, after } of cases) {
    const answer = await callAction(request, action(name), args);
    expect(answer, name).not.toContain("reauthentication_required");
    expect(answer, name).toMatch(after);
  }
  // The mark belongs to that session: another sign-in of the same person is still refused.
  const other = await signedIn(playwright, owner);
  expect(
    await callAction(
      other,
      action("changeMemberRoleAction"),
      cases.find((c) => c.name === "changeMemberRoleAction")!.args,
    ),
  ).toMatch(refused);

  // Keys: a test key needs nothing more, a live key needs the password again.
  const keyOwner = await signedIn(playwright, fixtures.accounts.b.users.owner);
  const createKey = action("createApiKeyAction");
  const key = (mode: string) => ({
    mode,
    name: `gate ${mode} ${Date.now()}`,
    permissions: ["payments.read"],
  });
  expect(await callAction(keyOwner, { ...createKey, url: "/test/developers" }, key("test"))).toContain(
    '"ok":true',
  );
  expect(await callAction(keyOwner, { ...createKey, url: "/live/developers" }, key("live"))).toMatch(refused);
  expect(
    await callAction(keyOwner, action("reauthenticateAction"), {
      mode: "live",
      method: "password",
      secret: fixtures.accounts.b.users.owner.password,
    }),
  ).toContain('"ok":true');
  expect(await callAction(keyOwner, { ...createKey, url: "/live/developers" }, key("live"))).toMatch(
    /"ok":true.*svc_live_/s,
  );
});
