import { baseURL } from "../support/settings";
import { eachApiVersion, expect, freshKey, test, type ApiClient } from "../support/api";
import { runSql } from "../support/test-control";
import { createMerchant, usdcBase } from "../support/merchants";
import { API_VERSIONS } from "@/lib/core/config/api-version";
import { signInViaApi } from "../support/sign-in";
import { expectWalletConnectShape } from "../support/walletconnect-contract";

// Each request is also sent under the other API version and its answer checked against both
// documents of that version (WalletConnect's and ours); see everyVersion in ../support/api.ts.
test.use({ everyVersion: true });

const usd = (value: string) => ({ unit: "iso4217/USD", value });

async function newPayment(api: ApiClient, merchantId: string, body: Record<string, unknown> = {}) {
  const res = await api.post(
    "/v1/payments",
    { referenceId: `order-${Date.now()}`, amount: usd("1050"), ...body },
    { merchantId },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; gatewayUrl: string; status: string };
}

test.describe("creating payments", () => {
  test("POST /v1/payments returns 201 with id, absolute gatewayUrl, status, amount, referenceId, expiresAt, createdAt", async ({
    api,
  }) => {
    const merchant = await createMerchant(api);
    const before = Date.now();
    const res = await api.post(
      "/v1/payments",
      { referenceId: "order-1001", amount: usd("1050") },
      { merchantId: merchant.id },
    );
    expect(res.status).toBe(201);
    const p = res.body;
    expect(p.id).toMatch(/^pay_[0-9A-Za-z]{24}$/);
    expect(p).toMatchObject({
      merchantId: merchant.id,
      referenceId: "order-1001",
      amount: usd("1050"),
      status: "requires_action",
      isFinal: false,
      info: null,
    });
    expect(p.gatewayUrl).toBe(`${baseURL}/pay/${p.id}`);
    // expiresAt is WalletConnect Pay's Unix seconds here; the payment object keeps ISO 8601.
    const stored = (await api.get(`/v1/payments/${p.id}`)).body;
    expect(p.expiresAt).toBe(Math.floor(Date.parse(stored.expiresAt) / 1000));
    expect(Date.parse(stored.expiresAt) - Date.parse(p.createdAt)).toBe(15 * 60 * 1000);
    expect(Date.parse(p.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    // The create answer also carries WalletConnect Pay's names beside ours; the payment itself is the same.
    const { paymentId, pollInMs, warnings, expiresAt, x402Url, ...payment } = p;
    void expiresAt;
    expect(warnings).toEqual([expect.objectContaining({ code: "no_payment_option" })]);
    expect(x402Url).toBe(`${baseURL}/pay/${p.id}/x402`);
    expect({ paymentId, pollInMs }).toEqual({ paymentId: p.id, pollInMs: 2000 });
    expect({ ...stored, expiresAt: undefined }).toEqual({ ...payment, expiresAt: undefined });
  });

  test("the second form POST /v1/merchant/payment answers WalletConnect's full create: paymentId, gatewayUrl, status, expiresAt, isFinal, pollInMs", async ({
    api,
  }) => {
    const merchant = await createMerchant(api);
    const res = await api.post(
      "/v1/merchant/payment",
      { referenceId: "order-2", amount: usd("99") },
      { merchantId: merchant.id },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      paymentId: expect.stringMatching(/^pay_/),
      status: "requires_action",
      isFinal: false,
      pollInMs: 2000,
      expiresAt: expect.any(Number),
    });
    expect(res.body.gatewayUrl).toBe(`${baseURL}/pay/${res.body.paymentId}`);
    expect((await api.get(`/v1/payments/${res.body.paymentId}`)).body.referenceId).toBe("order-2");
    // Their guide's verification step, under their path.
    const status = await api.get(`/v1/merchant/payment/${res.body.paymentId}/status`, {
      merchantId: merchant.id,
    });
    expect(status.body).toEqual({ status: "requires_action", isFinal: false, pollInMs: 2000, info: null });
    // Their guide's body, checkout included, under either version (POST /v1/payments takes checkout
    // from 2026-02-19.preview only); a checkout without two https URLs turns the redirect off.
    for (const version of API_VERSIONS) {
      for (const [successUrl, redirected] of [
        ["https://shop.example/thanks/7731", true],
        ["http://shop.example/thanks/7731", false],
      ] as const) {
        const guide = await api.post(
          "/v1/merchant/payment",
          {
            referenceId: "cart-7731",
            amount: usd("2499"),
            checkout: { successUrl, errorUrl: "https://shop.example/cart/7731" },
          },
          { merchantId: merchant.id, headers: { "Wcp-Version": version } },
        );
        expect([guide.status, guide.headers["tollgate-version"]]).toEqual([201, version]);
        expect(
          (guide.body.warnings ?? []).some((w: { code: string }) => w.code === "checkout_redirect_disabled"),
        ).toBe(!redirected);
      }
    }
  });

  test("an explicit expiresAt is kept; one too soon or too far is refused", async ({ api }) => {
    const merchant = await createMerchant(api);
    const at = new Date(Date.now() + 2 * 60 * 60 * 1000);
    at.setMilliseconds(0);
    const res = await api.post(
      "/v1/payments",
      { referenceId: "r", amount: usd("100"), expiresAt: at.toISOString() },
      { merchantId: merchant.id },
    );
    expect(res.body.expiresAt).toBe(Math.floor(at.getTime() / 1000));
    for (const expiresAt of [
      new Date(Date.now() - 1000).toISOString(),
      new Date(Date.now() + 40 * 86_400_000).toISOString(),
      "tomorrow",
    ]) {
      const bad = await api.post(
        "/v1/payments",
        { referenceId: "r", amount: usd("100"), expiresAt },
        { merchantId: merchant.id },
      );
      expect(bad.status, expiresAt).toBe(400);
      expect(bad.body.details.fields).toHaveProperty("expiresAt");
    }
  });

  const invalidBodies: [string, unknown, string][] = [
    ["no referenceId", { amount: usd("100") }, "referenceId"],
    ["blank referenceId", { referenceId: "   ", amount: usd("100") }, "referenceId"],
    ["decimal value", { referenceId: "r", amount: usd("10.50") }, "amount.value"],
    ["zero value", { referenceId: "r", amount: usd("0") }, "amount.value"],
    ["leading zero", { referenceId: "r", amount: usd("0100") }, "amount.value"],
    ["numeric value", { referenceId: "r", amount: { unit: "iso4217/USD", value: 100 } }, "amount.value"],
    ["negative value", { referenceId: "r", amount: usd("-5") }, "amount.value"],
    ["unknown currency", { referenceId: "r", amount: { unit: "iso4217/XYZ", value: "1" } }, "amount.unit"],
    ["lowercase currency", { referenceId: "r", amount: { unit: "iso4217/usd", value: "1" } }, "amount.unit"],
    [
      "bad asset unit",
      { referenceId: "r", amount: { unit: "caip19/not-an-asset", value: "1" } },
      "amount.unit",
    ],
    ["unknown field", { referenceId: "r", amount: usd("1"), tip: "1" }, "tip"],
    [
      "fiat value above 999999999999999 minor units",
      { referenceId: "r", amount: usd("1000000000000000") },
      "amount.value",
    ],
    ["78-digit fiat value", { referenceId: "r", amount: usd("9".repeat(78)) }, "amount.value"],
    [
      "asset value above 2^256 - 1",
      { referenceId: "r", amount: { unit: `caip19/${usdcBase}`, value: (2n ** 256n).toString() } },
      "amount.value",
    ],
  ];
  for (const [label, body, field] of invalidBodies) {
    test(`400 params_validation for ${label}, naming ${field}`, async ({ api }) => {
      const merchant = await createMerchant(api);
      const res = await api.post("/v1/payments", body, { merchantId: merchant.id });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("params_validation");
      expect(res.body.details.fields).toHaveProperty([field]);
      expectWalletConnectShape("POST", "/v1/payments", 400, res.body);
    });
  }

  test("the largest amounts can be paid, refunded and summed: simulate, checkout, overview and export answer", async ({
    apiAs,
    request,
    fixtures,
    baseURL,
  }) => {
    // Account B, so that account A's overview (checked in the ui project) keeps ordinary figures.
    const api = apiAs({ "Api-Key": fixtures.accounts.b.keys.test });
    const merchant = await createMerchant(api, { withUsdc: true });
    // Nine of the largest asset amount add up to more than 78 digits: more than one Decimal(78, 0) holds.
    const largest = { unit: `caip19/${usdcBase}`, value: (2n ** 256n - 1n).toString() };
    for (const [i, amount] of [usd("999999999999999"), ...Array(9).fill(largest)].entries()) {
      const created = await newPayment(api, merchant.id, { amount });
      if (i < 2) expect((await request.get(created.gatewayUrl)).status()).toBe(200);
      const simulated = await api.post(`/v1/test/payments/${created.id}/simulate`, { outcome: "succeeded" });
      expect(simulated.status, JSON.stringify(simulated.body)).toBe(200);
      if (i < 2) expect((await api.post("/v1/refunds", { paymentId: created.id })).status).toBe(200);
    }
    const { email, password } = fixtures.accounts.b.users.owner;
    expect(await signInViaApi(request, baseURL!, email, password)).not.toBeNull();
    for (const page of [
      "/test",
      `/test/payments?merchantId=${merchant.id}`,
      `/test/payments/export?merchantId=${merchant.id}`,
    ]) {
      expect((await request.get(page)).status(), page).toBe(200);
    }
    // The page streams: an error while rendering would still have answered 200, so read the total.
    const overview = await (await request.get("/test")).text();
    expect(overview).toMatch(/data-testid="net-volume".*?\d{73}\.\d+ USDC/s);
  });

  test("Merchant-Id is required and must be this account's and mode's merchant", async ({
    api,
    apiAs,
    fixtures,
  }) => {
    const missing = await api.post("/v1/payments", { referenceId: "r", amount: usd("1") });
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({
      code: "missing_merchant_id",
      details: { fields: { "Merchant-Id": "Required." } },
    });
    const otherAccountMerchant = await createMerchant(apiAs({ "Api-Key": fixtures.accounts.b.keys.test }));
    const liveMerchant = await createMerchant(apiAs({ "Api-Key": fixtures.accounts.a.keys.live }));
    for (const merchantId of [
      "mrch_000000000000000000000000",
      "garbage",
      otherAccountMerchant.id,
      liveMerchant.id,
    ]) {
      const res = await api.post(
        "/v1/payments",
        { referenceId: "r", amount: usd("1") },
        {
          merchantId,
          beyondWalletConnect:
            "merchant_not_found is 404 as WalletConnect's ecommerce guide says; their OpenAPI create lists no 404",
        },
      );
      expect(res.status, merchantId).toBe(404);
      expect(res.body.code).toBe("merchant_not_found");
    }
  });

  test("an Idempotency-Key makes concurrent creates yield one payment", async ({ api }) => {
    const merchant = await createMerchant(api);
    const key = freshKey("pay");
    const reference = `race-${key}`;
    const results = await Promise.all(
      Array.from({ length: 25 }, () =>
        api.post(
          "/v1/payments",
          { referenceId: reference, amount: usd("500") },
          { merchantId: merchant.id, idempotencyKey: key },
        ),
      ),
    );
    const ids = new Set(results.filter((r) => r.status === 201).map((r) => r.body.id));
    expect(ids.size).toBe(1);
    expect(results.every((r) => r.status === 201 || r.body.code === "idempotency_in_progress")).toBe(true);
    const list = await api.get(`/v1/payments?merchantId=${merchant.id}`);
    expect(list.body.data.filter((p: { referenceId: string }) => p.referenceId === reference)).toHaveLength(
      1,
    );
  });
});

test.describe("status and lifecycle", () => {
  test("status starts non-final with a poll hint, and a simulated success is final with txId and optionAmount", async ({
    api,
  }) => {
    const merchant = await createMerchant(api, { withUsdc: true });
    const payment = await newPayment(api, merchant.id);
    const initial = await api.get(`/v1/payments/${payment.id}/status`, { merchantId: merchant.id });
    expect(initial.status).toBe(200);
    expect(initial.body).toEqual({ status: "requires_action", isFinal: false, pollInMs: 2000, info: null });

    const simulated = await api.post(`/v1/test/payments/${payment.id}/simulate`, { outcome: "succeeded" });
    expect(simulated.status).toBe(200);
    expect(simulated.body.status).toBe("succeeded");

    const final = await api.get(`/v1/payments/${payment.id}/status`, { merchantId: merchant.id });
    const display = { assetSymbol: "USDC", assetName: "USD Coin", decimals: 6, networkName: "Base" };
    expect(final.body).toEqual({
      status: "succeeded",
      isFinal: true,
      pollInMs: null,
      // `display` inside optionAmount is what WalletConnect Pay clients read; the copy beside it is for 2026-02-18 clients.
      info: {
        txId: `test:${payment.id}`,
        optionAmount: { unit: `caip19/${usdcBase}`, value: "10500000", display },
        display,
      },
    });
    expectWalletConnectShape("GET", `/v1/payments/${payment.id}/status`, 200, final.body);
    expectWalletConnectShape("GET", `/v1/payments/${payment.id}/status`, 200, initial.body);
  });

  for (const outcome of ["failed", "cancelled", "expired"] as const) {
    test(`a simulated ${outcome} is final with no info, and never changes again`, async ({ api }) => {
      const merchant = await createMerchant(api, { withUsdc: true });
      const payment = await newPayment(api, merchant.id);
      expect((await api.post(`/v1/test/payments/${payment.id}/simulate`, { outcome })).status).toBe(200);
      expect((await api.get(`/v1/payments/${payment.id}/status`, { merchantId: merchant.id })).body).toEqual({
        status: outcome,
        isFinal: true,
        pollInMs: null,
        info: null,
      });
      for (const next of ["succeeded", "failed", "cancelled", "expired"]) {
        const res = await api.post(`/v1/test/payments/${payment.id}/simulate`, { outcome: next });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: "invalid_state", details: { status: outcome } });
      }
      const cancel = await api.post(`/v1/payments/${payment.id}/cancel`);
      expect(cancel.status).toBe(400);
      expectWalletConnectShape("POST", `/v1/payments/${payment.id}/cancel`, 400, cancel.body);
      expect((await api.get(`/v1/payments/${payment.id}`)).body.status).toBe(outcome);
    });
  }

  test("simulate refuses an unknown outcome, and success needs a settlement that can pay", async ({
    api,
  }) => {
    const merchant = await createMerchant(api);
    const payment = await newPayment(api, merchant.id);
    const bad = await api.post(`/v1/test/payments/${payment.id}/simulate`, { outcome: "refunded" });
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields).toHaveProperty("outcome");
    const noOption = await api.post(`/v1/test/payments/${payment.id}/simulate`, { outcome: "succeeded" });
    expect(noOption.status).toBe(400);
    expect(noOption.body.code).toBe("invalid_state");
    expect((await api.get(`/v1/payments/${payment.id}`)).body.status).toBe("requires_action");
  });

  test("cancel moves an unpaid payment to cancelled", async ({ api }) => {
    const merchant = await createMerchant(api);
    const payment = await newPayment(api, merchant.id);
    const res = await api.post(`/v1/payments/${payment.id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: payment.id, status: "cancelled", isFinal: true });
  });

  test("of two simultaneous transitions exactly one wins", async ({ api }) => {
    const merchant = await createMerchant(api, { withUsdc: true });
    for (let round = 0; round < 5; round++) {
      const payment = await newPayment(api, merchant.id);
      const [succeed, cancel] = await Promise.all([
        api.post(`/v1/test/payments/${payment.id}/simulate`, { outcome: "succeeded" }),
        api.post(`/v1/payments/${payment.id}/cancel`),
      ]);
      const [won, lost] = succeed.status === 200 ? [succeed, cancel] : [cancel, succeed];
      expect(won.status).toBe(200);
      expect(["invalid_state", "conflict"]).toContain(lost.body.code);
      const winner = succeed.status === 200 ? "succeeded" : "cancelled";
      expect((await api.get(`/v1/payments/${payment.id}`)).body.status).toBe(winner);
    }
  });

  test("a long poll answers as soon as the status changes", async ({ api }) => {
    const merchant = await createMerchant(api, { withUsdc: true });
    const payment = await newPayment(api, merchant.id);
    const started = Date.now();
    const poll = api.get(`/v1/payments/${payment.id}/status?maxPollMs=20000`, { merchantId: merchant.id });
    await new Promise((r) => setTimeout(r, 700));
    await api.post(`/v1/test/payments/${payment.id}/simulate`, { outcome: "succeeded" });
    const res = await poll;
    expect(res.body.status).toBe("succeeded");
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  test("a long poll with no change returns the current status after maxPollMs; bad values are 400, more than 30 s is held 30 s", async ({
    api,
  }) => {
    const merchant = await createMerchant(api);
    const payment = await newPayment(api, merchant.id);
    const started = Date.now();
    const res = await api.get(`/v1/payments/${payment.id}/status?maxPollMs=1200`, {
      merchantId: merchant.id,
    });
    expect(res.body.status).toBe("requires_action");
    expect(Date.now() - started).toBeGreaterThanOrEqual(1100);
    for (const value of ["-1", "soon"]) {
      expect(
        (await api.get(`/v1/payments/${payment.id}/status?maxPollMs=${value}`, { merchantId: merchant.id }))
          .status,
      ).toBe(400);
    }
  });

  test("status is 404 for another merchant's, another account's or the other mode's payment", async ({
    api,
    apiAs,
    fixtures,
  }) => {
    const merchant = await createMerchant(api);
    const otherMerchant = await createMerchant(api);
    const payment = await newPayment(api, merchant.id);
    const otherMerchants = await api.get(`/v1/payments/${payment.id}/status`, {
      merchantId: otherMerchant.id,
    });
    expect(otherMerchants.status).toBe(404);
    expect(otherMerchants.body.code).toBe("payment_not_found");
    expectWalletConnectShape("GET", `/v1/payments/${payment.id}/status`, 404, otherMerchants.body);
    for (const key of [fixtures.accounts.b.keys.test, fixtures.accounts.a.keys.live]) {
      const client = apiAs({ "Api-Key": key });
      expect(
        (await client.get(`/v1/payments/${payment.id}/status`, { merchantId: merchant.id })).status,
      ).toBe(404);
      expect((await client.get(`/v1/payments/${payment.id}`)).status).toBe(404);
      expect((await client.post(`/v1/payments/${payment.id}/cancel`)).status).toBe(404);
    }
    expect((await api.get(`/v1/payments/${payment.id}`)).body.status).toBe("requires_action");
  });
});

test.describe("listing payments", () => {
  const forged = (position: unknown[]) => Buffer.from(JSON.stringify(position)).toString("base64url");
  const badCursors = [
    forged(["2026-11-22T10:00:00.000Z", "pay_\u0000"]),
    forged(["+275760-09-13T00:00:00.000Z", "pay_1"]),
    forged(["0000-01-01T00:00:00.000Z", "pay_1"]),
  ];

  test("a forged cursor or a date before year 1 is a 400 naming the field on every list, never a 500", async ({
    api,
    request,
    fixtures,
    baseURL,
  }) => {
    const lists = [
      "/v1/merchants",
      "/v1/payments",
      "/v1/refunds",
      "/v1/webhook-endpoints",
      "/v1/webhook-endpoints/we_000000000000000000000000/deliveries",
    ];
    for (const list of lists) {
      for (const cursor of badCursors) {
        const res = await api.get(`${list}?cursor=${cursor}`);
        expect(res.status, `${list} ${cursor}`).toBe(400);
        expect(res.body).toMatchObject({
          code: "params_validation",
          details: { fields: { cursor: expect.any(String) } },
        });
      }
    }
    for (const field of ["createdFrom", "createdTo"]) {
      const res = await api.get(`/v1/payments?${field}=0000-01-01T00:00:00Z`);
      expect(res.status).toBe(400);
      expect(res.body.details.fields).toHaveProperty(field);
    }
    const { email, password } = fixtures.accounts.a.users.owner;
    expect(await signInViaApi(request, baseURL!, email, password)).not.toBeNull();
    for (const cursor of badCursors) {
      for (const page of [
        `/test/payments?cursor=${cursor}`,
        `/test/payments?sort=amount&before=${cursor}`,
        `/test/merchants?cursor=${cursor}`,
        `/test/payments/export?from=0000-01-01&cursor=${cursor}`,
      ]) {
        expect((await request.get(page)).status(), page).toBe(200);
      }
    }
  });

  test("filters by merchant and status and pages with a cursor", async ({ api }) => {
    const merchant = await createMerchant(api, { withUsdc: true });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await newPayment(api, merchant.id, { referenceId: `list-${i}` })).id);
    await api.post(`/v1/test/payments/${ids[1]}/simulate`, { outcome: "succeeded" });
    await api.post(`/v1/test/payments/${ids[3]}/simulate`, { outcome: "succeeded" });

    const succeeded = await api.get(`/v1/payments?merchantId=${merchant.id}&status=succeeded`);
    expect(succeeded.body.data.map((p: { id: string }) => p.id)).toEqual([ids[3], ids[1]]);

    const pageOne = await api.get(`/v1/payments?merchantId=${merchant.id}&limit=3`);
    expect(pageOne.body.data.map((p: { id: string }) => p.id)).toEqual([ids[4], ids[3], ids[2]]);
    const pageTwo = await api.get(
      `/v1/payments?merchantId=${merchant.id}&limit=3&cursor=${pageOne.body.nextCursor}`,
    );
    expect(pageTwo.body.data.map((p: { id: string }) => p.id)).toEqual([ids[1], ids[0]]);
    expect(pageTwo.body.nextCursor).toBeNull();

    const byAsset = await api.get(
      `/v1/payments?merchantId=${merchant.id}&asset=${encodeURIComponent(usdcBase)}`,
    );
    expect(byAsset.body.data).toHaveLength(2);
    const future = await api.get(
      `/v1/payments?merchantId=${merchant.id}&createdFrom=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
    );
    expect(future.body.data).toHaveLength(0);
    expect((await api.get("/v1/payments?status=paid")).status).toBe(400);
  });

  test("WalletConnect Pay's list: /v1/merchants/payments for the Merchant-Id merchant, its filters, and no unknown parameter", async ({
    api,
  }) => {
    const merchant = await createMerchant(api, { withUsdc: true });
    const other = await createMerchant(api);
    await newPayment(api, other.id, { referenceId: "wc-list-other" });
    const made = [];
    for (const [i, value] of ["300", "100", "200"].entries())
      made.push(
        await newPayment(api, merchant.id, {
          referenceId: `wc-list-${i}-${merchant.id}`,
          amount: usd(value),
        }),
      );
    await api.post(`/v1/test/payments/${made[0]!.id}/simulate`, { outcome: "succeeded" });
    expect((await api.post(`/v1/payments/${made[1]!.id}/cancel`)).body.status).toBe("cancelled");

    const list = await api.get("/v1/merchants/payments", { merchantId: merchant.id });
    expect(list.status).toBe(200);
    expectWalletConnectShape("GET", "/v1/merchants/payments", 200, list.body);
    expect(list.body.data.map((p: { paymentId: string }) => p.paymentId)).toEqual([
      made[2]!.id,
      made[1]!.id,
      made[0]!.id,
    ]);
    expect(list.body.data[2]).toMatchObject({
      id: made[0]!.id,
      merchant: { id: merchant.id },
      isTerminal: true,
      status: "succeeded",
    });
    expect(list.body.stats).toEqual({
      totalTransactions: 3,
      totalCustomers: 0,
      totalRevenue: [{ currency: "USD", amount: 3 }],
    });

    const ids = async (query: string) =>
      (await api.get(`/v1/merchants/payments?${query}`, { merchantId: merchant.id })).body.data.map(
        (p: { id: string }) => p.id,
      );
    expect(await ids("status=succeeded&status=cancelled")).toEqual([made[1]!.id, made[0]!.id]);
    expect(await ids("referenceId=list-1")).toEqual([made[1]!.id]);
    expect(await ids("sortBy=amount&sortDir=asc")).toEqual([made[1]!.id, made[2]!.id, made[0]!.id]);
    expect(await ids(`endTs=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}`)).toEqual(
      [],
    );
    expect(await ids("token_symbol=USDC&network=eip155:8453")).toEqual([made[0]!.id]);
    // The account-wide list takes the same filters, merchantId repeated.
    const both = await api.get(
      `/v1/payments?merchantId=${merchant.id}&merchantId=${other.id}&status=requires_action`,
    );
    expect(both.body.data).toHaveLength(2);
    expectWalletConnectShape("GET", "/v1/payments", 200, both.body);

    for (const query of ["stauts=succeeded", "merchantId=" + merchant.id, "referenceId=ab", "sortBy=size"]) {
      const refused = await api.get(`/v1/merchants/payments?${query}`, { merchantId: merchant.id });
      expect(refused.status, query).toBe(400);
      expect(refused.body.code, query).toBe("params_validation");
      expectWalletConnectShape("GET", "/v1/merchants/payments", 400, refused.body);
    }
    expect((await api.get("/v1/payments?limit=5&limit=6")).status).toBe(400);
    expect((await api.get("/v1/merchants/payments")).body.code).toBe("missing_merchant_id");
  });
});

// Every request of these runs under each API version, checked against both documents of it.
eachApiVersion((version) =>
  test.describe("WalletConnect Pay clients", () => {
    test("payment lists show a cancelled payment as cancelled from 2026-02-19.preview, as expired before", async ({
      api,
    }) => {
      const merchant = await createMerchant(api);
      const payment = await newPayment(api, merchant.id);
      expect((await api.post(`/v1/payments/${payment.id}/cancel`)).body.status).toBe("cancelled");
      const listed = (await api.get("/v1/merchants/payments", { merchantId: merchant.id })).body.data;
      expect(listed.map((p: { status: string }) => p.status)).toEqual([
        version === "2026-02-18" ? "expired" : "cancelled",
      ]);
      const filtered = await api.get("/v1/merchants/payments?status=cancelled", { merchantId: merchant.id });
      expect(filtered.status).toBe(version === "2026-02-18" ? 400 : 200);
    });

    test("create takes WalletConnect's optional fields: expiresAt in Unix seconds, checkout URLs (https only, from 2026-02-19.preview), and answers paymentId and pollInMs beside id", async ({
      api,
    }) => {
      const merchant = await createMerchant(api);
      const expiresAt = Math.floor(Date.now() / 1000) + 3600;
      if (version === "2026-02-18") {
        // checkout came with 2026-02-19.preview: the older version refuses it, naming it.
        const refused = await api.post(
          "/v1/payments",
          {
            referenceId: "wc-old",
            amount: usd("500"),
            checkout: { successUrl: "https://shop.example/ok", errorUrl: "https://shop.example/no" },
          },
          { merchantId: merchant.id },
        );
        expect([refused.status, refused.body.code]).toEqual([400, "params_validation"]);
        expect(refused.body.details.fields).toHaveProperty("checkout");
        const created = await api.post(
          "/v1/payments",
          { referenceId: "wc-old", amount: usd("500"), expiresAt },
          { merchantId: merchant.id },
        );
        expect(created.body).toMatchObject({
          paymentId: created.body.id,
          pollInMs: 2000,
          status: "requires_action",
          isFinal: false,
          expiresAt,
        });
        return;
      }
      const created = await api.post(
        "/v1/payments",
        {
          referenceId: "wc-create",
          amount: usd("500"),
          expiresAt,
          checkout: { successUrl: "https://shop.example/ok", errorUrl: "https://shop.example/no" },
        },
        { merchantId: merchant.id },
      );
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        paymentId: created.body.id,
        pollInMs: 2000,
        status: "requires_action",
        isFinal: false,
        expiresAt,
      });
      expect(created.body.warnings).not.toContainEqual(
        expect.objectContaining({ code: "checkout_redirect_disabled" }),
      );
      // As WalletConnect does, checkout without two https URLs turns the redirect off instead of refusing the payment.
      for (const checkout of [
        { successUrl: "http://shop.example/ok", errorUrl: "https://shop.example/no" },
        { successUrl: "https://shop.example/ok" },
      ]) {
        const unredirected = await api.post(
          "/v1/payments",
          { referenceId: "r", amount: usd("1"), checkout },
          { merchantId: merchant.id },
        );
        expect(unredirected.status).toBe(201);
        expect(unredirected.body.warnings).toContainEqual(
          expect.objectContaining({ code: "checkout_redirect_disabled" }),
        );
        expect(
          (
            await runSql(
              `UPDATE "Payment" SET id = id WHERE id = $1 AND "checkoutSuccessUrl" IS NULL AND "checkoutErrorUrl" IS NULL`,
              unredirected.body.id,
            )
          ).count,
        ).toBe(1);
      }
      expect((await newPayment(api, merchant.id, { expiresAt: null, checkout: null })).status).toBe(
        "requires_action",
      );

      for (const [label, body, field] of [
        ["expiresAt in milliseconds", { expiresAt: expiresAt * 1000 }, "expiresAt"],
        ["expiresAt in the past", { expiresAt: expiresAt - 7200 }, "expiresAt"],
        ["fractional expiresAt", { expiresAt: expiresAt + 0.5 }, "expiresAt"],
      ] as const) {
        const refused = await api.post(
          "/v1/payments",
          { referenceId: "r", amount: usd("1"), ...body },
          { merchantId: merchant.id },
        );
        expect(refused.status, label).toBe(400);
        expect(refused.body.code, label).toBe("params_validation");
        expect(refused.body.details.fields, label).toHaveProperty([field]);
      }
      // The spec's second form takes the same body and gives the same answer.
      const second = await api.post(
        "/v1/merchant/payment",
        { referenceId: "wc-second", amount: usd("500"), expiresAt },
        { merchantId: merchant.id },
      );
      expect(second.status).toBe(201);
      expect(second.body).toMatchObject({ paymentId: second.body.id, expiresAt });
    });

    test("Wcp-Version is read as the version header, and a payment is found by its whole gatewayUrl", async ({
      api,
    }) => {
      const merchant = await createMerchant(api);
      const payment = await newPayment(api, merchant.id);
      const pinned = await api.get(`/v1/payments/${payment.id}/status`, {
        merchantId: merchant.id,
        headers: { "Wcp-Version": "2026-02-19.preview" },
      });
      expect(pinned.headers["tollgate-version"]).toBe("2026-02-19.preview");
      expect(
        (
          await api.get(`/v1/payments/${payment.id}/status`, {
            merchantId: merchant.id,
            headers: { "Wcp-Version": "2099-01-01" },
          })
        ).body.code,
      ).toBe("unknown_api_version");
      expect(
        (
          await api.get(`/v1/payments/${payment.id}/status`, {
            merchantId: merchant.id,
            headers: { "Wcp-Version": "soon" },
          })
        ).body.code,
      ).toBe("invalid_api_version");

      const byUrl = await api.get(`/v1/payments/${encodeURIComponent(payment.gatewayUrl)}/status`, {
        merchantId: merchant.id,
      });
      expect(byUrl.status).toBe(200);
      expect(byUrl.body.status).toBe("requires_action");
      expect((await api.get(`/v1/payments/${encodeURIComponent(payment.gatewayUrl)}`)).body.id).toBe(
        payment.id,
      );
      // WalletConnect Pay's SDK sends a link it does not know as WalletConnect's whole, percent-encoded twice.
      const asTheSdkSendsIt = encodeURIComponent(
        encodeURIComponent(`${payment.gatewayUrl}?returnUrl=app%3A%2F%2Fdone&preferUniversalLinks=1`),
      );
      expect(
        (await api.get(`/v1/payments/${asTheSdkSendsIt}/status`, { merchantId: merchant.id })).body.status,
      ).toBe("requires_action");
    });
  }),
);

test.describe("a payment no buyer could pay", () => {
  test("is created with a warning naming why; a payable one has none", async ({ api }) => {
    const create = async (merchantId: string, unit: string) =>
      api.post(
        "/v1/payments",
        { referenceId: `warn-${Date.now()}`, amount: { unit, value: "1000" } },
        { merchantId },
      );
    const bare = await createMerchant(api);
    const none = await create(bare.id, "iso4217/USD");
    expect(none.status).toBe(201);
    expect(none.body.warnings).toEqual([
      { code: "no_payment_option", message: expect.stringContaining("no crypto settlement") },
    ]);

    const usdcOnly = await createMerchant(api, { withUsdc: true });
    const euro = await create(usdcOnly.id, "iso4217/EUR");
    expect(euro.status).toBe(201);
    expect(euro.body.warnings).toEqual([
      {
        code: "no_payment_option",
        message: expect.stringContaining(`(USDC on Base) can pay EUR: add a stablecoin of EUR`),
      },
    ]);
    // Money in words (issue 33): the symbol and network, never the protocol ids.
    expect(euro.body.warnings[0].message).not.toContain(usdcBase);
    expect(euro.body.warnings[0].message).not.toContain("iso4217/");

    const dollars = await create(usdcOnly.id, "iso4217/USD");
    expect(dollars.body.warnings).toBeUndefined();
  });
});
