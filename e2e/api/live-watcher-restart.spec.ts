import type { Address } from "viem";
import { ApiClient, expect, test } from "../support/api";
import { devAccounts, LocalChain, localCaip2 } from "../support/chain";
import { buyer, chooseOption, livePayment, merchantWallet, submit } from "../support/live-payments";
import { LiveServer } from "../support/live-server";
import { extraPort, localChainRpc } from "../support/settings";

const chain = new LocalChain(localChainRpc);

test("a restarted watcher resumes from its saved block and finds a transfer made while it was down, beyond its fresh-start lookback", async ({
  playwright,
  documents,
}) => {
  const token: Address = await chain.deployToken("WUSD", 6);
  await chain.transferToken(token, devAccounts[buyer]!.address, 10n ** 12n);
  const asset = `${localCaip2}/erc20:${token}`;
  const live = new LiveServer(extraPort(3));
  const request = await playwright.request.newContext({ baseURL: live.url });
  const api = new ApiClient(request, documents, { "Api-Key": live.liveKey });
  const status = async (p: { paymentId: string; merchantId: string }) =>
    (await api.get(`/v1/payments/${p.paymentId}/status`, { merchantId: p.merchantId })).body.status;
  /** The buyer's wallet sends the transfer and the checkout posts its hash, before the chain mines it. */
  const pendingSubmitted = async (p: { paymentId: string; settlementId: string }, value: bigint) => {
    await chain.automine(false);
    try {
      const hash = await chain.sendTokenTransfer(token, merchantWallet, value, buyer);
      expect((await submit(request, p.paymentId, p.settlementId, hash, live.url)).body.status).toBe(
        "requires_action",
      );
    } finally {
      await chain.automine(true);
    }
  };
  try {
    await live.start();
    // Found by the watcher once mined (its hash reached the checkout while pending): it has read
    // (and saved) up to this block.
    const first = await livePayment(api, asset, "1000000");
    await chooseOption(request, first.paymentId, first.settlementId, live.url);
    await pendingSubmitted(first, 1_000_000n);
    await chain.mine(3);
    await expect.poll(() => status(first), { timeout: 30_000 }).toBe("succeeded");

    const second = await livePayment(api, asset, "2000000");
    await chooseOption(request, second.paymentId, second.settlementId, live.url);
    await pendingSubmitted(second, 2_000_000n);
    await live.stop();

    // Mined while no server runs, then buried deeper than the 500 blocks a watcher without a cursor looks back.
    await chain.mine(600, { sameTimestamp: true });
    await live.start();
    await expect.poll(() => status(second), { timeout: 60_000 }).toBe("succeeded");
  } finally {
    await request.dispose();
    await live.dispose();
  }
});
