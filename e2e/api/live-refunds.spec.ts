import type { Address } from "viem";
import { expect, test, type ApiClient } from "../support/api";
import { devAccounts, LocalChain, localCaip2 } from "../support/chain";
import {
  buyer,
  chooseOption,
  livePayment,
  merchantIndex,
  merchantWallet,
  submit,
} from "../support/live-payments";
import { localChainRpc } from "../support/settings";

// Live refunds complete only on the merchant's return transfer, verified on the local chain (3 confirmations).
const chain = new LocalChain(localChainRpc);
const buyerAddress = devAccounts[buyer]!.address;
let token: Address;
let asset: string;

test.beforeAll(async () => {
  token = await chain.deployToken("RUSD", 6);
  asset = `${localCaip2}/erc20:${token}`;
  await chain.transferToken(token, buyerAddress, 10n ** 12n);
  // The merchant's wallet returns more than it was paid here (it made the wrong transfers too).
  await chain.transferToken(token, merchantWallet, 10n ** 12n);
});

/** A live payment the buyer paid on-chain, succeeded. */
async function paidLivePayment(
  api: ApiClient,
  request: import("@playwright/test").APIRequestContext,
  value: bigint,
) {
  const payment = await livePayment(api, asset, value.toString());
  await chooseOption(request, payment.paymentId, payment.settlementId);
  const hash = await chain.transferToken(token, merchantWallet, value, buyer);
  await chain.mine(3);
  expect((await submit(request, payment.paymentId, payment.settlementId, hash)).body.status).toBe(
    "succeeded",
  );
  return payment;
}

test("a live refund stays pending until the merchant's return transfer is confirmed; short, misdirected and third-party transfers do not complete it", async ({
  apiAs,
  fixtures,
  request,
}) => {
  const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
  // Nothing answers at this address: the delivery log alone shows which events were written.
  const hook = await api.post("/v1/webhook-endpoints", {
    url: "http://127.0.0.1:9/live-refunds",
    events: ["refund.succeeded"],
  });
  expect(hook.status, JSON.stringify(hook.body)).toBe(201);
  const refundEvents = async () =>
    (await api.get(`/v1/webhook-endpoints/${hook.body.id}/deliveries`)).body.data.map(
      (d: { eventType: string }) => d.eventType,
    );
  try {
    const { paymentId } = await paidLivePayment(api, request, 5_000_000n);
    const created = await api.post("/v1/refunds", {
      paymentId,
      amount: { unit: `caip19/${asset}`, value: "2000000" },
      reason: "Returned",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const refund = () => api.get(`/v1/refunds/${created.body.id}`).then((r) => r.body);
    expect(created.body).toMatchObject({ status: "pending", txId: null });

    await chain.transferToken(token, buyerAddress, 1_999_999n, merchantIndex);
    await chain.transferToken(token, devAccounts[3]!.address, 2_000_000n, merchantIndex);
    await chain.transferToken(token, buyerAddress, 2_000_000n, 0);
    await chain.mine(3);
    expect(await refund()).toMatchObject({ status: "pending", txId: null });

    const good = await chain.transferToken(token, buyerAddress, 2_000_000n, merchantIndex);
    // One confirmation of the three required.
    expect((await refund()).status).toBe("pending");
    await chain.mine(2);
    await expect.poll(async () => (await refund()).status, { timeout: 30_000 }).toBe("succeeded");
    // The transfer that completed it is the right one, not any of the earlier ones.
    expect((await refund()).txId).toBe(good);
    await expect.poll(refundEvents, { timeout: 20_000 }).toEqual(["refund.succeeded"]);

    // The rest of the payment is still refundable, and needs its own transfer.
    const rest = await api.post("/v1/refunds", { paymentId });
    expect(rest.body).toMatchObject({ status: "pending", amount: { value: "3000000" } });
  } finally {
    await api.delete(`/v1/webhook-endpoints/${hook.body.id}`);
  }
});
