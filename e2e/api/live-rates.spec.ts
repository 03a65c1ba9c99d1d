import { ApiClient, expect, test } from "../support/api";
import { LocalChain, localCaip2 } from "../support/chain";
import { buyer, chooseOption, livePayment, merchantWallet, submit } from "../support/live-payments";
import { LiveServer } from "../support/live-server";
import { baseURL, extraPort, localChainId, localChainRpc } from "../support/settings";

// Native ETH has no par currency: a USD payment can be paid in it only at a price feed's rate,
// read on-chain from a Chainlink-style aggregator deployed on the local chain.
const chain = new LocalChain(localChainRpc);
const eth = `${localCaip2}/slip44:60`;
const oneHundredthEth = 10n ** 16n;

test("without a price feed, a USD payment offers no ETH option", async ({ apiAs, fixtures, request }) => {
  const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
  const { paymentId, settlementId } = await livePayment(api, eth, "2500", "iso4217/USD");
  const res = await request.post(`/pay/${paymentId}/option`, {
    data: { settlementId },
    headers: { Origin: baseURL },
  });
  expect(res.status()).toBe(400);
  expect((await res.json()).message).toBe("That is not one of this payment's options.");
});

test("with a fresh feed, ETH is offered at the converted amount, fixed once chosen; stale and negative answers are refused", async ({
  playwright,
  documents,
}) => {
  const feed = await chain.deployAggregator(8);
  await chain.setFeedAnswer(feed, 2_500n * 10n ** 8n, new Date());
  const live = new LiveServer(extraPort(3), { [`RATE_FEED_EIP155_${localChainId}_SLIP44_60_USD`]: feed });
  const request = await playwright.request.newContext({ baseURL: live.url });
  const api = new ApiClient(request, documents, { "Api-Key": live.liveKey });
  const option = (p: { paymentId: string; settlementId: string }) =>
    request
      .post(`/pay/${p.paymentId}/option`, {
        data: { settlementId: p.settlementId },
        headers: { Origin: live.url },
      })
      .then((r) => r.status());
  try {
    await live.start();
    // $25.00 at $2,500 per ETH: 0.01 ETH.
    const paid = await livePayment(api, eth, "2500", "iso4217/USD");
    await chooseOption(request, paid.paymentId, paid.settlementId, live.url);
    // The price moves after the buyer chose: the quote they saw stands.
    await chain.setFeedAnswer(feed, 5_000n * 10n ** 8n, new Date());
    await chooseOption(request, paid.paymentId, paid.settlementId, live.url);
    const short = await chain.sendEth(merchantWallet, oneHundredthEth - 1n, buyer);
    const exact = await chain.sendEth(merchantWallet, oneHundredthEth, buyer);
    await chain.mine(3);
    expect((await submit(request, paid.paymentId, paid.settlementId, short, live.url)).body.status).toBe(
      "requires_action",
    );
    const done = await submit(request, paid.paymentId, paid.settlementId, exact, live.url);
    expect(done.body).toMatchObject({
      status: "succeeded",
      info: { txId: exact, optionAmount: { value: oneHundredthEth.toString() } },
    });

    const refused = await livePayment(api, eth, "2500", "iso4217/USD");
    await chain.setFeedAnswer(feed, -1n, new Date());
    expect(await option(refused)).toBe(400);
    await chain.setFeedAnswer(feed, 0n, new Date());
    expect(await option(refused)).toBe(400);
    await chain.setFeedAnswer(feed, 2_500n * 10n ** 8n, new Date(Date.now() - 2 * 3_600_000));
    expect(await option(refused)).toBe(400);
    await chain.setFeedAnswer(feed, 2_500n * 10n ** 8n, new Date());
    expect(await option(refused)).toBe(200);
  } finally {
    await request.dispose();
    await live.dispose();
  }
});
