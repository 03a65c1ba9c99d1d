import { expect, freshKey, test, type ApiClient } from "../support/api";
import { createMerchant } from "../support/merchants";

// Each request is also sent under the other API version and its answer checked against both
// documents of that version (WalletConnect's and ours); see everyVersion in ../support/api.ts.
test.use({ everyVersion: true });

const usd = (value: string) => ({ unit: "iso4217/USD", value });

async function payment(
  api: ApiClient,
  merchantId: string,
  options: { value?: string; outcome?: "succeeded" | "failed" | "cancelled" | null } = {},
) {
  const created = await api.post(
    "/v1/payments",
    { referenceId: `refund-${Date.now()}`, amount: usd(options.value ?? "1050") },
    { merchantId },
  );
  expect(created.status).toBe(201);
  const outcome = options.outcome === undefined ? "succeeded" : options.outcome;
  if (outcome)
    expect((await api.post(`/v1/test/payments/${created.body.id}/simulate`, { outcome })).status).toBe(200);
  return created.body.id as string;
}

test.describe("refunds", () => {
  test("a refund without an amount refunds everything, completes at once in test mode, and cannot be repeated", async ({
    api,
  }) => {
    const merchant = await createMerchant(api, { withUsdc: true });
    const paymentId = await payment(api, merchant.id);
    const res = await api.post("/v1/refunds", { paymentId, reason: "Customer changed their mind" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      paymentId,
      amount: usd("1050"),
      status: "succeeded",
      reason: "Customer changed their mind",
      txId: `test:${res.body.id}`,
    });
    expect(res.body.id).toMatch(/^re_[0-9A-Za-z]{24}$/);
    expect((await api.get(`/v1/refunds/${res.body.id}`)).body).toEqual(res.body);

    const again = await api.post("/v1/refunds", { paymentId });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("already_refunded");
    const partial = await api.post("/v1/refunds", { paymentId, amount: usd("1") });
    expect(partial.status).toBe(409);
    expect(partial.body.code).toBe("already_refunded");
    // The payment itself stays succeeded: a refund is money going back, not a new payment state.
    expect((await api.get(`/v1/payments/${paymentId}`)).body.status).toBe("succeeded");
  });

  test("partial refunds add up to the amount paid and no further", async ({ api }) => {
    const merchant = await createMerchant(api, { withUsdc: true });
    const paymentId = await payment(api, merchant.id);
    expect((await api.post("/v1/refunds", { paymentId, amount: usd("1000") })).status).toBe(200);
    const tooMuch = await api.post("/v1/refunds", { paymentId, amount: usd("51") });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toMatchObject({ code: "params_validation", details: { refundable: usd("50") } });
    expect(tooMuch.body.details.fields).toHaveProperty(["amount.value"]);
    const rest = await api.post("/v1/refunds", { paymentId });
    expect(rest.body.amount).toEqual(usd("50"));
    expect((await api.post("/v1/refunds", { paymentId })).body.code).toBe("already_refunded");
  });

  test("holds under 20 concurrent partial refunds: never more than was paid", async ({ api }) => {
    const merchant = await createMerchant(api, { withUsdc: true });
    const paymentId = await payment(api, merchant.id, { value: "1000" });
    // 20 × 70 = 1400 asked for against 1000 paid: 14 fit, the other 6 must be refused.
    const results = await Promise.all(
      Array.from({ length: 20 }, () => api.post("/v1/refunds", { paymentId, amount: usd("70") })),
    );
    const accepted = results.filter((r) => r.status === 200);
    expect(accepted).toHaveLength(14);
    for (const r of results.filter((r) => r.status !== 200))
      expect(r.body, JSON.stringify(r.body)).toMatchObject({
        code: "params_validation",
        details: { refundable: usd("20") },
      });

    const listed = await api.get(`/v1/refunds?paymentId=${paymentId}&limit=200`);
    expect(listed.body.data).toHaveLength(14);
    expect(
      listed.body.data.reduce(
        (sum: number, r: { amount: { value: string } }) => sum + Number(r.amount.value),
        0,
      ),
    ).toBe(980);
    expect((await api.post("/v1/refunds", { paymentId })).body.amount).toEqual(usd("20"));
    expect((await api.post("/v1/refunds", { paymentId, amount: usd("1") })).body.code).toBe(
      "already_refunded",
    );
  });

  test("an Idempotency-Key replays the same refund instead of refunding twice", async ({ api }) => {
    const merchant = await createMerchant(api, { withUsdc: true });
    const paymentId = await payment(api, merchant.id);
    const key = freshKey("refund");
    const first = await api.post("/v1/refunds", { paymentId, amount: usd("100") }, { idempotencyKey: key });
    const second = await api.post("/v1/refunds", { paymentId, amount: usd("100") }, { idempotencyKey: key });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.headers["idempotent-replayed"]).toBe("true");
    expect(second.body).toEqual(first.body);
    expect((await api.get(`/v1/refunds?paymentId=${paymentId}`)).body.data).toHaveLength(1);
    const conflict = await api.post(
      "/v1/refunds",
      { paymentId, amount: usd("200") },
      {
        idempotencyKey: key,
        beyondWalletConnect:
          "WalletConnect Pay's refund takes no Idempotency-Key: its only 409 is already_refunded",
      },
    );
    expect(conflict.status).toBe(409);
    expect(conflict.body.code).toBe("idempotency_conflict");
  });

  for (const outcome of [null, "failed", "cancelled"] as const) {
    test(`a ${outcome ?? "unpaid"} payment cannot be refunded: 400 payment_not_succeeded`, async ({
      api,
    }) => {
      const merchant = await createMerchant(api, { withUsdc: true });
      const paymentId = await payment(api, merchant.id, { outcome });
      const res = await api.post("/v1/refunds", { paymentId });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: "payment_not_succeeded",
        details: { status: outcome ?? "requires_action" },
      });
      expect((await api.get(`/v1/refunds?paymentId=${paymentId}`)).body.data).toEqual([]);
    });
  }

  const invalid: [string, Record<string, unknown>, string][] = [
    ["no paymentId", {}, "paymentId"],
    ["another unit", { amount: { unit: "iso4217/EUR", value: "100" } }, "amount.unit"],
    ["a zero amount", { amount: usd("0") }, "amount.value"],
    ["a decimal amount", { amount: usd("1.5") }, "amount.value"],
    ["a blank reason", { reason: "   " }, "reason"],
    ["an unknown field", { refundApplicationFee: true }, "refundApplicationFee"],
  ];
  for (const [label, body, field] of invalid) {
    test(`400 params_validation for ${label}, naming ${field}`, async ({ api }) => {
      const merchant = await createMerchant(api, { withUsdc: true });
      const paymentId = await payment(api, merchant.id);
      const res = await api.post("/v1/refunds", label === "no paymentId" ? body : { paymentId, ...body });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("params_validation");
      expect(res.body.details.fields).toHaveProperty([field]);
    });
  }

  test("refunds of another account's or mode's payment, and their refunds, are 404", async ({
    api,
    apiAs,
    fixtures,
  }) => {
    const merchant = await createMerchant(api, { withUsdc: true });
    const paymentId = await payment(api, merchant.id);
    const refund = await api.post("/v1/refunds", { paymentId, amount: usd("10") });
    for (const key of [fixtures.accounts.b.keys.test, fixtures.accounts.a.keys.live]) {
      const other = apiAs({ "Api-Key": key });
      expect((await other.post("/v1/refunds", { paymentId })).status).toBe(404);
      expect((await other.get(`/v1/refunds/${refund.body.id}`)).status).toBe(404);
      expect((await other.get(`/v1/refunds?paymentId=${paymentId}`)).body.data).toEqual([]);
    }
    for (const id of ["re_000000000000000000000000", "nonsense"])
      expect((await api.get(`/v1/refunds/${id}`)).status).toBe(404);
    expect((await api.post("/v1/refunds", { paymentId: "pay_000000000000000000000000" })).status).toBe(404);
  });

  test("lists refunds newest first with a cursor", async ({ api }) => {
    const merchant = await createMerchant(api, { withUsdc: true });
    const paymentId = await payment(api, merchant.id);
    const ids: string[] = [];
    for (const value of ["100", "200", "300"])
      ids.push((await api.post("/v1/refunds", { paymentId, amount: usd(value) })).body.id);
    const first = await api.get(`/v1/refunds?paymentId=${paymentId}&limit=2`);
    expect(first.body.data.map((r: { id: string }) => r.id)).toEqual([ids[2], ids[1]]);
    const second = await api.get(
      `/v1/refunds?paymentId=${paymentId}&limit=2&cursor=${first.body.nextCursor}`,
    );
    expect(second.body.data.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
    expect(second.body.nextCursor).toBeNull();
    expect((await api.get("/v1/refunds?limit=1")).body.data).toHaveLength(1);
    expect((await api.get("/v1/refunds?cursor=garbage")).status).toBe(400);
  });

  test("a key without the refunds permissions cannot refund or read refunds", async ({ apiAs, fixtures }) => {
    const readOnly = apiAs({ "Api-Key": fixtures.accounts.a.keys.testPaymentsReadOnly });
    const res = await readOnly.post(
      "/v1/refunds",
      { paymentId: "pay_000000000000000000000000" },
      { beyondWalletConnect: "a key's permissions are Tollgate's: WalletConnect Pay's refund lists no 403" },
    );
    expect(res.status).toBe(403);
    expect(res.body.message).toContain("refunds.write");
    expect((await readOnly.get("/v1/refunds")).status).toBe(403);
  });
});
