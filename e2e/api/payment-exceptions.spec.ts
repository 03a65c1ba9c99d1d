import type { Address } from "viem";
import { expect, freshKey, test, type ApiClient } from "../support/api";
import { LocalChain, devAccounts, localCaip2 } from "../support/chain";
import { buyer, chooseOption, merchantWallet, submit } from "../support/live-payments";
import { createMerchant } from "../support/merchants";
import { localChainRpc } from "../support/settings";

// Payments paid wrongly keep the spec's status and carry an `exception`: made by test mode's
// simulator, and found on the local chain by live verification.

const usdcQuote = (usdCents: number) => String(usdCents * 10_000); // USDC has 6 decimals: 1 cent = 10,000 units

async function testPayment(api: ApiClient, merchantId: string, cents: number) {
  const created = await api.post("/v1/payments", { referenceId: `exc-${Date.now()}`, amount: { unit: "iso4217/USD", value: String(cents) } }, { merchantId });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
}

test.describe("test mode: the simulator pays wrongly on request", () => {
  const cases = [
    { outcome: "underpaid", status: "requires_action", exception: { type: "underpaid", expected: usdcQuote(1000), received: usdcQuote(500) } },
    { outcome: "overpaid", status: "succeeded", exception: { type: "overpaid", expected: usdcQuote(1000), received: usdcQuote(2000) } },
    { outcome: "paid_late", status: "expired", exception: { type: "paid_late", expected: usdcQuote(1000), received: usdcQuote(1000) } },
    { outcome: "wrong_asset", status: "requires_action", exception: { type: "wrong_asset", expected: null, received: usdcQuote(1000) } },
  ] as const;

  test("each outcome leaves the spec's status and records what arrived; the list filters by exception", async ({ api }) => {
    const merchant = await createMerchant(api, { withUsdc: true });
    const ids: Record<string, string> = {};
    for (const { outcome, status, exception } of cases) {
      const id = (ids[outcome] = await testPayment(api, merchant.id, 1000));
      const simulated = await api.post(`/v1/test/payments/${id}/simulate`, { outcome });
      expect(simulated.status, JSON.stringify(simulated.body)).toBe(200);
      const payment = (await api.get(`/v1/payments/${id}`, { merchantId: merchant.id })).body;
      expect(payment.status, outcome).toBe(status);
      expect(payment.exception).toMatchObject({ ...exception, txId: `test:${id}`, resolution: null, resolvedAt: null });
      if (outcome === "wrong_asset") expect(payment.exception.asset).not.toBe("eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
      else expect(payment.exception.asset).toBe("eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
    }
    const clean = await testPayment(api, merchant.id, 1000);
    await api.post(`/v1/test/payments/${clean}/simulate`, { outcome: "succeeded" });
    expect((await api.get(`/v1/payments/${clean}`, { merchantId: merchant.id })).body.exception).toBeNull();

    const listed = async (query: string) => ((await api.get(`/v1/payments?merchantId=${merchant.id}&${query}`)).body.data as { id: string }[]).map((p) => p.id).sort();
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

  test("a merchant's underpayment tolerance is 0 to 1000 basis points", async ({ api }) => {
    const tooMuch = await api.post("/v1/merchants", { merchantName: "Lenient", merchantEmail: "l@shop.example", underpaymentToleranceBps: 1001 }, { idempotencyKey: freshKey() });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.details.fields).toHaveProperty("underpaymentToleranceBps");
    const created = await api.post("/v1/merchants", { merchantName: "Lenient", merchantEmail: "l@shop.example", underpaymentToleranceBps: 50 }, { idempotencyKey: freshKey() });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.merchant.underpaymentToleranceBps).toBe(50);
    const updated = await api.patch(`/v1/merchants/${created.body.merchant.id}`, { underpaymentToleranceBps: 0 }, { idempotencyKey: freshKey() });
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
    const merchant = (await api.post("/v1/merchants", { merchantName: "Tolerant Shop", merchantEmail: "t@shop.example", underpaymentToleranceBps: toleranceBps }, { idempotencyKey: freshKey() })).body.merchant;
    const registered = await api.post(`/v1/merchants/${merchant.id}/settlements/crypto`, { settlements: [{ asset, destination: `${localCaip2}:${merchantWallet}` }] }, { idempotencyKey: freshKey() });
    const payment = (await api.post("/v1/payments", { referenceId: `tol-${Date.now()}`, amount: { unit: `caip19/${asset}`, value } }, { merchantId: merchant.id })).body;
    return { merchantId: merchant.id as string, paymentId: payment.id as string, settlementId: registered.body.crypto[0].id as string, asset };
  }

  test("a shortfall within the merchant's tolerance pays, beyond it does not; more than quoted pays and is recorded", async ({ apiAs, fixtures, request }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const payment = async (p: { merchantId: string; paymentId: string }) => (await api.get(`/v1/payments/${p.paymentId}`, { merchantId: p.merchantId })).body;

    // 1% tolerance on 7,000,000: 6,930,000 is the least that pays.
    const within = await livePaymentWithTolerance(api, 100, "7000000");
    await chooseOption(request, within.paymentId, within.settlementId);
    const short = await chain.transferToken(token, merchantWallet, 6_930_000n, buyer);
    await chain.mine(3);
    expect((await submit(request, within.paymentId, within.settlementId, short)).body.status).toBe("succeeded");
    expect((await payment(within)).exception).toMatchObject({ type: "underpaid", expected: "7000000", received: "6930000", txId: short, resolution: "within_tolerance" });

    const beyond = await livePaymentWithTolerance(api, 100, "7100000");
    await chooseOption(request, beyond.paymentId, beyond.settlementId);
    const tooShort = await chain.transferToken(token, merchantWallet, 7_028_999n, buyer);
    await chain.mine(3);
    expect((await submit(request, beyond.paymentId, beyond.settlementId, tooShort)).body.status).toBe("requires_action");
    expect(await payment(beyond)).toMatchObject({ status: "requires_action", exception: { type: "underpaid", expected: "7100000", received: "7028999", txId: tooShort, resolution: null } });

    const over = await livePaymentWithTolerance(api, 0, "7200000");
    await chooseOption(request, over.paymentId, over.settlementId);
    const more = await chain.transferToken(token, merchantWallet, 7_300_000n, buyer);
    await chain.mine(3);
    expect((await submit(request, over.paymentId, over.settlementId, more)).body.status).toBe("succeeded");
    expect((await payment(over)).exception).toMatchObject({ type: "overpaid", expected: "7200000", received: "7300000", txId: more, resolution: null });
  });
});
