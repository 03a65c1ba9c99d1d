import type { Address } from "viem";
import { expect, freshKey, test, type ApiClient } from "../support/api";
import { LocalChain, devAccounts, localCaip2 } from "../support/chain";
import { buyer, chooseOption, merchantIndex, merchantWallet, submit } from "../support/live-payments";
import { createMerchant } from "../support/merchants";
import { localChainRpc } from "../support/settings";

// Payments paid wrongly keep the spec's status and carry an `exception`: made by test mode's
// simulator, and found on the local chain by live verification.

const usdcQuote = (usdCents: number) => String(usdCents * 10_000); // USDC has 6 decimals: 1 cent = 10,000 units

async function testPayment(api: ApiClient, merchantId: string, cents: number) {
  const created = await api.post(
    "/v1/payments",
    { referenceId: `exc-${Date.now()}`, amount: { unit: "iso4217/USD", value: String(cents) } },
    { merchantId },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
}

test.describe("test mode: the simulator pays wrongly on request", () => {
  const cases = [
    {
      outcome: "underpaid",
      status: "requires_action",
      exception: { type: "underpaid", expected: usdcQuote(1000), received: usdcQuote(500) },
    },
    {
      outcome: "overpaid",
      status: "succeeded",
      exception: { type: "overpaid", expected: usdcQuote(1000), received: usdcQuote(2000) },
    },
    {
      outcome: "paid_late",
      status: "expired",
      exception: { type: "paid_late", expected: usdcQuote(1000), received: usdcQuote(1000) },
    },
    {
      outcome: "wrong_asset",
      status: "requires_action",
      exception: { type: "wrong_asset", expected: null, received: usdcQuote(1000) },
    },
  ] as const;

  test("each outcome leaves the spec's status and records what arrived; the list filters by exception", async ({
    api,
  }) => {
    const merchant = await createMerchant(api, { withUsdc: true });
    const ids: Record<string, string> = {};
    for (const { outcome, status, exception } of cases) {
      const id = (ids[outcome] = await testPayment(api, merchant.id, 1000));
      const simulated = await api.post(`/v1/test/payments/${id}/simulate`, { outcome });
      expect(simulated.status, JSON.stringify(simulated.body)).toBe(200);
      const payment = (await api.get(`/v1/payments/${id}`, { merchantId: merchant.id })).body;
      expect(payment.status, outcome).toBe(status);
      expect(payment.exception).toMatchObject({
        ...exception,
        txId: `test:${id}`,
        resolution: null,
        resolvedAt: null,
      });
      if (outcome === "wrong_asset")
        expect(payment.exception.asset).not.toBe(
          "eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
        );
      else
        expect(payment.exception.asset).toBe("eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
    }
    const clean = await testPayment(api, merchant.id, 1000);
    await api.post(`/v1/test/payments/${clean}/simulate`, { outcome: "succeeded" });
    expect((await api.get(`/v1/payments/${clean}`, { merchantId: merchant.id })).body.exception).toBeNull();

    const listed = async (query: string) =>
      ((await api.get(`/v1/payments?merchantId=${merchant.id}&${query}`)).body.data as { id: string }[])
        .map((p) => p.id)
        .sort();
    expect(await listed("exception=underpaid")).toEqual([ids.underpaid]);
    expect(await listed("exception=open")).toEqual(Object.values(ids).sort());
    expect(await listed("exception=any")).toEqual(Object.values(ids).sort());
    const refused = await api.get(`/v1/payments?exception=short`);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("params_validation");

    // Only an open payment can be underpaid or paid in the wrong token.
    const again = await api.post(`/v1/test/payments/${clean}/simulate`, { outcome: "underpaid" });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("invalid_state");
  });

  test("reorged: the transfer is seen (processing), then reorganised out, and the payment fails as a live one would", async ({
    api,
  }) => {
    const merchant = await createMerchant(api, { withUsdc: true });
    // Nothing answers here: the delivery log alone shows which events were written, in order.
    const hook = await api.post("/v1/webhook-endpoints", {
      url: "http://127.0.0.1:9/reorged",
      events: ["payment.processing", "payment.failed", "payment.succeeded"],
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    try {
      const id = await testPayment(api, merchant.id, 1000);
      const simulated = await api.post(`/v1/test/payments/${id}/simulate`, { outcome: "reorged" });
      expect(simulated.status, JSON.stringify(simulated.body)).toBe(200);
      expect(simulated.body).toMatchObject({ id, status: "failed", exception: null });
      const status = (await api.get(`/v1/payments/${id}/status`, { merchantId: merchant.id })).body;
      expect(status).toMatchObject({ status: "failed", isFinal: true, info: null });
      const types = async () =>
        (
          (await api.get(`/v1/webhook-endpoints/${hook.body.id}/deliveries`)).body.data as {
            eventType: string;
            createdAt: string;
          }[]
        )
          .map((d) => d.eventType)
          .sort();
      await expect.poll(types, { timeout: 20_000 }).toEqual(["payment.failed", "payment.processing"]);
      // Final is final: the reorganised payment cannot be paid afterwards.
      const again = await api.post(`/v1/test/payments/${id}/simulate`, { outcome: "succeeded" });
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({ code: "invalid_state", details: { status: "failed" } });
    } finally {
      await api.delete(`/v1/webhook-endpoints/${hook.body.id}`);
    }
  });

  test("the excess of an overpayment is refunded exactly, once, through the refunds API, and resolves the exception", async ({
    api,
  }) => {
    const merchant = await createMerchant(api, { withUsdc: true });
    const plain = await testPayment(api, merchant.id, 1000);
    await api.post(`/v1/test/payments/${plain}/simulate`, { outcome: "succeeded" });
    const notOverpaid = await api.post("/v1/refunds", { paymentId: plain, excess: true });
    expect(notOverpaid.status).toBe(400);
    expect(notOverpaid.body.code).toBe("invalid_state");

    const id = await testPayment(api, merchant.id, 1000);
    await api.post(`/v1/test/payments/${id}/simulate`, { outcome: "overpaid" });
    const withAmount = await api.post("/v1/refunds", {
      paymentId: id,
      excess: true,
      amount: { unit: "iso4217/USD", value: "100" },
    });
    expect(withAmount.status).toBe(400);
    expect(withAmount.body.details.fields).toHaveProperty("excess");

    // A double click: two at once, one refund.
    const [a, b] = await Promise.all([
      api.post("/v1/refunds", { paymentId: id, excess: true }),
      api.post("/v1/refunds", { paymentId: id, excess: true }),
    ]);
    const created = [a, b].filter((r) => r.status === 200);
    expect(created, JSON.stringify([a.body, b.body])).toHaveLength(1);
    expect([a, b].find((r) => r.status !== 200)!.status).toBeGreaterThanOrEqual(400);
    // Twice the quote arrived: the excess is one quote, $10.00 at the payment's rate.
    expect(created[0]!.body).toMatchObject({
      paymentId: id,
      excess: true,
      status: "succeeded",
      amount: { unit: "iso4217/USD", value: "1000" },
      txId: `test:${created[0]!.body.id}`,
    });
    const payment = (await api.get(`/v1/payments/${id}`, { merchantId: merchant.id })).body;
    expect(payment.exception).toMatchObject({ type: "overpaid", resolution: "refunded" });
    expect(payment.exception.resolvedAt).not.toBeNull();

    // The excess was the buyer's money, not the price: the whole payment is still refundable.
    const full = await api.post("/v1/refunds", { paymentId: id });
    expect(full.status, JSON.stringify(full.body)).toBe(200);
    expect(full.body).toMatchObject({ excess: false, amount: { value: "1000" } });
    const refunds = (await api.get(`/v1/refunds?paymentId=${id}`)).body.data as { excess: boolean }[];
    expect(refunds.map((r) => r.excess).sort()).toEqual([false, true]);
  });

  test("a merchant's underpayment tolerance is 0 to 1000 basis points", async ({ api }) => {
    const tooMuch = await api.post(
      "/v1/merchants",
      { merchantName: "Lenient", merchantEmail: "l@shop.example", underpaymentToleranceBps: 1001 },
      { idempotencyKey: freshKey() },
    );
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.details.fields).toHaveProperty("underpaymentToleranceBps");
    const created = await api.post(
      "/v1/merchants",
      { merchantName: "Lenient", merchantEmail: "l@shop.example", underpaymentToleranceBps: 50 },
      { idempotencyKey: freshKey() },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.merchant.underpaymentToleranceBps).toBe(50);
    const updated = await api.patch(
      `/v1/merchants/${created.body.merchant.id}`,
      { underpaymentToleranceBps: 0 },
      { idempotencyKey: freshKey() },
    );
    expect(updated.body.merchant.underpaymentToleranceBps).toBe(0);
  });
});

test.describe("live mode: verification finds the exception on chain", () => {
  const chain = new LocalChain(localChainRpc);
  let token: Address;

  test.beforeAll(async () => {
    token = await chain.deployToken("EXC", 6);
    await chain.transferToken(token, devAccounts[buyer]!.address, 10n ** 12n);
  });

  async function livePaymentWithTolerance(api: ApiClient, toleranceBps: number, value: string) {
    const asset = `${localCaip2}/erc20:${token}`;
    const merchant = (
      await api.post(
        "/v1/merchants",
        {
          merchantName: "Tolerant Shop",
          merchantEmail: "t@shop.example",
          underpaymentToleranceBps: toleranceBps,
        },
        { idempotencyKey: freshKey() },
      )
    ).body.merchant;
    const registered = await api.post(
      `/v1/merchants/${merchant.id}/settlements/crypto`,
      { settlements: [{ asset, destination: `${localCaip2}:${merchantWallet}` }] },
      { idempotencyKey: freshKey() },
    );
    const payment = (
      await api.post(
        "/v1/payments",
        { referenceId: `tol-${Date.now()}`, amount: { unit: `caip19/${asset}`, value } },
        { merchantId: merchant.id },
      )
    ).body;
    return {
      merchantId: merchant.id as string,
      paymentId: payment.id as string,
      settlementId: registered.body.crypto[0].id as string,
      asset,
    };
  }

  test("a shortfall within the merchant's tolerance pays, beyond it does not; more than quoted pays and is recorded", async ({
    apiAs,
    fixtures,
    request,
  }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const payment = async (p: { merchantId: string; paymentId: string }) =>
      (await api.get(`/v1/payments/${p.paymentId}`, { merchantId: p.merchantId })).body;

    // 1% tolerance on 7,000,000: 6,930,000 is the least that pays.
    const within = await livePaymentWithTolerance(api, 100, "7000000");
    await chooseOption(request, within.paymentId, within.settlementId);
    // Open before `within` is paid, so the transfer that pays `within` is not too early for it either.
    const beyond = await livePaymentWithTolerance(api, 100, "7100000");
    await chooseOption(request, beyond.paymentId, beyond.settlementId);
    const short = await chain.transferToken(token, merchantWallet, 6_930_000n, buyer);
    await chain.mine(3);
    expect((await submit(request, within.paymentId, within.settlementId, short)).body.status).toBe(
      "succeeded",
    );
    expect((await payment(within)).exception).toMatchObject({
      type: "underpaid",
      expected: "7000000",
      received: "6930000",
      txId: short,
      resolution: "within_tolerance",
    });

    // The transfer that paid `within`, short of this one too, is not this payment's underpayment
    // (the watcher, re-reading recent blocks, offers it here once `within` is paid).
    expect((await submit(request, beyond.paymentId, beyond.settlementId, short)).body.status).toBe(
      "requires_action",
    );
    expect(await payment(beyond)).toMatchObject({ status: "requires_action", exception: null });
    const tooShort = await chain.transferToken(token, merchantWallet, 7_028_999n, buyer);
    await chain.mine(3);
    expect((await submit(request, beyond.paymentId, beyond.settlementId, tooShort)).body.status).toBe(
      "requires_action",
    );
    expect(await payment(beyond)).toMatchObject({
      status: "requires_action",
      exception: {
        type: "underpaid",
        expected: "7100000",
        received: "7028999",
        txId: tooShort,
        resolution: null,
      },
    });

    // A transfer of the same buyer matching neither amount, with `beyond` still open at that wallet,
    // would be support's to attribute (README, "Who paid"): the merchant closes `beyond` first.
    const cancelled = await api.post(`/v1/payments/${beyond.paymentId}/cancel`, undefined, {
      merchantId: beyond.merchantId,
      idempotencyKey: freshKey("cancel"),
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const over = await livePaymentWithTolerance(api, 0, "7200000");
    await chooseOption(request, over.paymentId, over.settlementId);
    const more = await chain.transferToken(token, merchantWallet, 7_300_000n, buyer);
    await chain.mine(3);
    expect((await submit(request, over.paymentId, over.settlementId, more)).body.status).toBe("succeeded");
    expect((await payment(over)).exception).toMatchObject({
      type: "overpaid",
      expected: "7200000",
      received: "7300000",
      txId: more,
      resolution: null,
    });

    // Support refunds exactly the excess: pending until the merchant's wallet returns 100,000 to
    // the buyer, and a return of less does not complete it.
    const excess = await api.post("/v1/refunds", { paymentId: over.paymentId, excess: true });
    expect(excess.status, JSON.stringify(excess.body)).toBe(200);
    expect(excess.body).toMatchObject({ excess: true, status: "pending", amount: { value: "100000" } });
    const buyerAddress = devAccounts[buyer]!.address;
    await chain.transferToken(token, buyerAddress, 99_999n, merchantIndex);
    await chain.mine(3);
    const back = await chain.transferToken(token, buyerAddress, 100_000n, merchantIndex);
    await chain.mine(3);
    await expect
      .poll(async () => (await api.get(`/v1/refunds/${excess.body.id}`)).body.status, { timeout: 30_000 })
      .toBe("succeeded");
    expect((await api.get(`/v1/refunds/${excess.body.id}`)).body.txId).toBe(back);
    expect((await payment(over)).exception).toMatchObject({ type: "overpaid", resolution: "refunded" });
  });
});
