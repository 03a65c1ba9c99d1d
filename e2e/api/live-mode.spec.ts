import type { Address, Hash } from "viem";
import { expect, test } from "../support/api";
import { devAccounts, LocalChain, localCaip2 } from "../support/chain";
import {
  buyer,
  chooseOption,
  livePayment,
  merchantWallet,
  submit,
  watcherHasRead,
} from "../support/live-payments";
import { localChainRpc } from "../support/settings";
import { runSql } from "../support/test-control";

// Live mode against a real EVM node (Hardhat, posing as the configured chain; 3 confirmations).
const chain = new LocalChain(localChainRpc);
let token: Address;
let otherToken: Address;
let early: { hash: Hash; minedAt: Date };
/** Block timestamps may trail a payment's creation by this much (blockClockSlackMs) and still pay it. */
const clockSlackMs = 15_000;

test.beforeAll(async () => {
  token = await chain.deployToken("TUSD", 6);
  otherToken = await chain.deployToken("FAKE", 6);
  // The buyer needs tokens: account 0 minted them all.
  await chain.transferToken(token, devAccounts[buyer]!.address, 10n ** 12n);
  await chain.transferToken(otherToken, devAccounts[buyer]!.address, 10n ** 12n);
  // A transfer made before the payment it will be offered to (which is dated past the clock slack);
  // the payments made meanwhile ask for more than it pays.
  const hash = await chain.transferToken(token, merchantWallet, 3_000_000n, buyer);
  early = { hash, minedAt: await chain.blockTime(hash) };
});

test.describe("live payments verified on-chain", () => {
  test("an exact ERC-20 payment is processing until 3 confirmations, then succeeds with the real hash", async ({
    apiAs,
    fixtures,
    request,
  }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const asset = `${localCaip2}/erc20:${token}`;
    const { merchantId, paymentId, settlementId } = await livePayment(api, asset, "5000000");
    await chooseOption(request, paymentId, settlementId);
    const hash = await chain.transferToken(token, merchantWallet, 5_000_000n, buyer);

    const first = await submit(request, paymentId, settlementId, hash);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: "processing", isFinal: false, info: null });

    await chain.mine(2);
    await expect
      .poll(async () => (await api.get(`/v1/payments/${paymentId}/status`, { merchantId })).body.status, {
        timeout: 20_000,
      })
      .toBe("succeeded");
    const status = (await api.get(`/v1/payments/${paymentId}/status`, { merchantId })).body;
    expect(status.info.txId).toBe(hash);
    expect(status.info.optionAmount.unit.toLowerCase()).toBe(`caip19/${asset}`.toLowerCase());
    expect(status.info.optionAmount.value).toBe("5000000");
  });

  test("an overpayment succeeds and records what was paid", async ({ apiAs, fixtures, request }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const asset = `${localCaip2}/erc20:${token}`;
    const { merchantId, paymentId, settlementId } = await livePayment(api, asset, "3500000");
    await chooseOption(request, paymentId, settlementId);
    const hash = await chain.transferToken(token, merchantWallet, 4_200_000n, buyer);
    await chain.mine(3);
    expect((await submit(request, paymentId, settlementId, hash)).body.status).toBe("succeeded");
    expect(
      (await api.get(`/v1/payments/${paymentId}/status`, { merchantId })).body.info.optionAmount.value,
    ).toBe("4200000");
  });

  test("underpaid, wrong token, wrong destination, reverted, too early and reused transfers never succeed", async ({
    apiAs,
    fixtures,
    request,
  }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const asset = `${localCaip2}/erc20:${token}`;
    const { merchantId, paymentId, settlementId } = await livePayment(api, asset, "3000000");
    // The slack cannot pass in a test: the payment is dated as made just past it after the early
    // transfer (its lifetime kept), before the buyer picks the option the watcher looks for.
    const createdAt = new Date(early.minedAt.getTime() + clockSlackMs + 1_000).toISOString();
    const dated = await runSql(
      `UPDATE "Payment" SET "expiresAt" = "expiresAt" + ($1::timestamp - "createdAt"), "createdAt" = $1::timestamp WHERE "id" = $2`,
      createdAt,
      paymentId,
    );
    expect(dated.count).toBe(1);
    await chooseOption(request, paymentId, settlementId);

    const attempts: Hash[] = [
      await chain.transferToken(token, merchantWallet, 2_999_999n, buyer),
      await chain.transferToken(otherToken, merchantWallet, 3_000_000n, buyer),
      await chain.transferToken(token, devAccounts[3]!.address, 3_000_000n, buyer),
      await chain.revertedTransfer(token, merchantWallet),
      early.hash,
    ];
    await chain.mine(3);
    for (const hash of attempts) {
      const res = await submit(request, paymentId, settlementId, hash);
      expect(res.status, hash).toBe(200);
      expect(res.body.status).toBe("requires_action");
    }
    expect((await api.get(`/v1/payments/${paymentId}/status`, { merchantId })).body.status).toBe(
      "requires_action",
    );

    // A transfer that paid one payment cannot pay another.
    const good = await chain.transferToken(token, merchantWallet, 3_000_000n, buyer);
    await chain.mine(3);
    expect((await submit(request, paymentId, settlementId, good)).body.status).toBe("succeeded");
    const second = await livePayment(api, asset, "3000000");
    await chooseOption(request, second.paymentId, second.settlementId);
    expect((await submit(request, second.paymentId, second.settlementId, good)).body.status).toBe(
      "requires_action",
    );
  });

  test("a transfer nothing attributes never pays an open payment, even of its exact amount; the native coin pays by its hash", async ({
    apiAs,
    fixtures,
    request,
  }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const eth = `${localCaip2}/slip44:60`;
    const { merchantId, paymentId, settlementId } = await livePayment(api, eth, "1000000000000000");
    await chooseOption(request, paymentId, settlementId);
    const hash = await chain.sendEth(merchantWallet, 1_000_000_000_000_000n, buyer);
    await chain.mine(3);
    // A whole round of the watcher over the confirmed transfer: amount and wallet prove nothing.
    await watcherHasRead(await chain.height());
    await chain.mine(1);
    await watcherHasRead(await chain.height());
    expect((await api.get(`/v1/payments/${paymentId}/status`, { merchantId })).body.status).toBe(
      "requires_action",
    );
    expect((await submit(request, paymentId, settlementId, hash)).body.status).toBe("succeeded");
  });

  test("a reorged-out transaction does not succeed, and fails once it has been gone for 64 blocks", async ({
    apiAs,
    fixtures,
    request,
  }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const asset = `${localCaip2}/erc20:${token}`;
    const { merchantId, paymentId, settlementId } = await livePayment(api, asset, "4000000");
    await chooseOption(request, paymentId, settlementId);
    const snapshot = await chain.snapshot();
    const hash = await chain.transferToken(token, merchantWallet, 4_000_000n, buyer);
    expect((await submit(request, paymentId, settlementId, hash)).body.status).toBe("processing");
    await chain.revert(snapshot);
    await chain.mine(5);
    // A whole round of the watcher (which re-checks confirming payments after reading blocks) since
    // the reorg: the round that reads the new head, then the one that reads one more block.
    await watcherHasRead(await chain.height());
    await chain.mine(1);
    await watcherHasRead(await chain.height());
    const status = async () => (await api.get(`/v1/payments/${paymentId}/status`, { merchantId })).body;
    expect((await status()).status).toBe("processing");

    await chain.mine(64);
    await expect.poll(async () => (await status()).status, { timeout: 20_000 }).toBe("failed");
    expect(await status()).toMatchObject({ isFinal: true, pollInMs: null, info: null });
  });

  test("the watcher finds a submitted transfer that a reorg moved into a block it had already read", async ({
    apiAs,
    fixtures,
    request,
  }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const asset = `${localCaip2}/erc20:${token}`;
    const { merchantId, paymentId, settlementId } = await livePayment(api, asset, "6000000");
    await chooseOption(request, paymentId, settlementId);
    const status = async () =>
      (await api.get(`/v1/payments/${paymentId}/status`, { merchantId })).body.status;
    // The old branch: two empty blocks, which the watcher reads.
    const snapshot = await chain.snapshot();
    await chain.mine(2);
    await watcherHasRead(await chain.height());
    // The new branch, no longer: its first block pays the payment, at a height already read. The
    // wallet's hash reached the checkout before the chain mined it.
    await chain.revert(snapshot);
    await chain.automine(false);
    try {
      const hash = await chain.sendTokenTransfer(token, merchantWallet, 6_000_000n, buyer);
      expect((await submit(request, paymentId, settlementId, hash)).body.status).toBe("requires_action");
      await chain.mine(1);
    } finally {
      await chain.automine(true);
    }
    await expect.poll(status, { timeout: 30_000 }).toBe("processing");
    await chain.mine(2);
    await expect.poll(status, { timeout: 30_000 }).toBe("succeeded");
  });

  test("a live key has no test-mode shortcut", async ({ apiAs, fixtures }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const { paymentId } = await livePayment(api, `${localCaip2}/erc20:${token}`, "1");
    const res = await api.post(`/v1/test/payments/${paymentId}/simulate`, { outcome: "succeeded" });
    expect(res.status).toBe(403);
  });
});
