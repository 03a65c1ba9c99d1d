import { createWalletClient, erc20Abi, getAddress, http, parseAbi, type Address, type Hash } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { depositSalt, predictDepositAddress } from "@/lib/core/chain/deposit-address";
import { expect, freshKey, test, type ApiClient } from "../support/api";
import { LocalChain, localCaip2 } from "../support/chain";
import { readFixtures } from "../support/fixtures-data";
import { watcherHasRead } from "../support/live-payments";
import { localChainRpc } from "../support/settings";
import { runSql } from "../support/test-control";

// A deposit address per payment (issue 28): an "exchange", a plain account that can only send
// `transfer` and native value, pays each payment through its own CREATE2 forwarder address; the
// relayer deploys and sweeps it to the merchant's wallet, and what arrived there is that payment's.

const chain = new LocalChain(localChainRpc);
const factoryAbi = parseAbi([
  "function implementation() view returns (address)",
  "function predict(address destination, bytes32 salt) view returns (address)",
]);
let token: Address;
let otherToken: Address;
const exchangeKey = generatePrivateKey();
const exchange = privateKeyToAccount(exchangeKey);
const exchangeWallet = createWalletClient({
  account: exchange,
  chain: chain.chain,
  transport: http(localChainRpc),
});
let nonce = 0;

test.beforeAll(async () => {
  token = getAddress(await chain.deployToken("XUSD", 6));
  otherToken = getAddress(await chain.deployToken("ODD", 6));
  await chain.sendEth(exchange.address, 10n ** 20n);
  await chain.transferToken(token, exchange.address, 10n ** 14n);
  await chain.transferToken(otherToken, exchange.address, 10n ** 14n);
  nonce = await chain.public.getTransactionCount({ address: exchange.address });
});

/** What an exchange's withdrawal is: one ERC-20 `transfer` from its hot wallet (mined at once unless automine is off). */
function withdraw(to: Address, value: bigint, asset = token): Promise<Hash> {
  return exchangeWallet.writeContract({
    address: asset,
    abi: erc20Abi,
    functionName: "transfer",
    args: [to, value],
    nonce: nonce++,
    gas: 100_000n,
  });
}

const balanceOf = (holder: Address, asset = token) =>
  chain.public.readContract({ address: asset, abi: erc20Abi, functionName: "balanceOf", args: [holder] });

const eth = `${localCaip2}/slip44:60`;

/** A merchant settling XUSD (and any more `assets`) to a wallet of its own, so the balances this test reads are its alone. */
async function merchant(api: ApiClient, assets: string[] = []) {
  const wallet = privateKeyToAccount(generatePrivateKey()).address;
  const created = (
    await api.post(
      "/v1/merchants",
      { merchantName: "Exchange Shop", merchantEmail: "deposit@shop.example" },
      { idempotencyKey: freshKey() },
    )
  ).body.merchant;
  const registered = await api.post(
    `/v1/merchants/${created.id}/settlements/crypto`,
    {
      settlements: [`${localCaip2}/erc20:${token}`, ...assets].map((asset) => ({
        asset,
        destination: `${localCaip2}:${wallet}`,
      })),
    },
    { idempotencyKey: freshKey() },
  );
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  return { merchantId: created.id as string, wallet };
}

async function payment(
  api: ApiClient,
  merchantId: string,
  value: string,
  asset = `${localCaip2}/erc20:${token}`,
): Promise<string> {
  const body = { referenceId: `dep-${Date.now()}`, amount: { unit: `caip19/${asset}`, value } };
  // One key for every try: a connection reset (a kept-alive socket the loaded server closed) is sent
  // again as an integration would, and answers the same payment if the first try made it.
  let idempotencyKey = freshKey("dep");
  for (;;) {
    const created = await api
      .post("/v1/payments", body, { merchantId, idempotencyKey })
      .catch((error: Error) => {
        if (/ECONNRESET|socket hang up/.test(error.message)) return null;
        throw error;
      });
    if (!created) continue;
    // Many creates at once meet the key's rate limit: wait as Retry-After says, as an integration would.
    if (created.status === 429) {
      await new Promise((resolve) =>
        setTimeout(resolve, 1_000 * Number(created.headers["retry-after"] ?? 1)),
      );
      // Refused, nothing was made: a new key, since a refusal may be the stored answer to the old one.
      idempotencyKey = freshKey("dep");
      continue;
    }
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.id as string;
  }
}

/** The deposit address the buyer reads on the checkout page. */
async function depositAddressOnCheckout(
  request: import("@playwright/test").APIRequestContext,
  paymentId: string,
): Promise<Address> {
  const page = await (await request.get(`/pay/${paymentId}`)).text();
  const found = /data-testid="deposit-address">(0x[0-9a-fA-F]{40})</.exec(page);
  expect(found, "the checkout shows a deposit address").not.toBeNull();
  return getAddress(found![1]!);
}

/** Mines a block per look, so the sweep's confirmations come, until the payment reads as `want`. */
async function settles(api: ApiClient, merchantId: string, paymentId: string, want: Record<string, unknown>) {
  await expect
    .poll(
      async () => {
        await chain.mine(1);
        return (await api.get(`/v1/payments/${paymentId}`, { merchantId })).body;
      },
      { timeout: 60_000, intervals: [300] },
    )
    .toMatchObject(want);
  return (await api.get(`/v1/payments/${paymentId}`, { merchantId })).body;
}

test.describe("deposit addresses", () => {
  test("exact: the address is the factory's CREATE2 forwarder for the merchant's wallet; the exchange's transfer is swept there and pays", async ({
    apiAs,
    fixtures,
    request,
  }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const { merchantId, wallet } = await merchant(api);
    const paymentId = await payment(api, merchantId, "25000000");
    const deposit = await depositAddressOnCheckout(request, paymentId);

    // Computed off-chain as the factory computes it on-chain, and nothing is deployed yet.
    const factory = readFixtures().depositFactory;
    const implementation = await chain.public.readContract({
      address: factory,
      abi: factoryAbi,
      functionName: "implementation",
    });
    const salt = depositSalt(paymentId);
    expect(predictDepositAddress({ factory, implementation, destination: wallet, salt })).toBe(deposit);
    expect(
      await chain.public.readContract({
        address: factory,
        abi: factoryAbi,
        functionName: "predict",
        args: [wallet, salt],
      }),
    ).toBe(deposit);
    expect(await chain.public.getCode({ address: deposit })).toBeUndefined();

    const sent = await withdraw(deposit, 25_000_000n);
    const paid = await settles(api, merchantId, paymentId, { status: "succeeded", exception: null });
    expect(await balanceOf(wallet)).toBe(25_000_000n);
    expect(await balanceOf(deposit)).toBe(0n);
    expect(await chain.public.getCode({ address: deposit })).toBeDefined();
    // The transaction that paid is the sweep to the wallet; the payer is the exchange, to whom a refund would go.
    expect(
      (
        await runSql(
          `UPDATE "Payment" SET "payerAddress" = "payerAddress" WHERE "id" = $1 AND lower("payerAddress") = lower($2)`,
          paymentId,
          exchange.address,
        )
      ).count,
    ).toBe(1);
    expect(paid.info.txId).not.toBe(sent);
    // The sweep's gas (deployment included) is accounted on the payment as a relay's.
    expect(
      (
        await runSql(
          `UPDATE "Payment" SET "relayGasUsed" = "relayGasUsed" WHERE "id" = $1 AND "relayGasUsed" > 50000`,
          paymentId,
        )
      ).count,
    ).toBe(1);
  });

  test("short, then topped up: the checkout shows what is still due at the same address; the two parts pay once both arrived", async ({
    apiAs,
    fixtures,
    request,
  }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const { merchantId, wallet } = await merchant(api);
    const paymentId = await payment(api, merchantId, "10000000");
    const deposit = await depositAddressOnCheckout(request, paymentId);

    await withdraw(deposit, 6_000_000n);
    await expect
      .poll(async () => (await request.get(`/pay/${paymentId}`)).text(), { timeout: 30_000 })
      .toContain("Still due: <strong>4 XUSD</strong>");
    expect(await balanceOf(wallet)).toBe(0n);
    expect((await api.get(`/v1/payments/${paymentId}`, { merchantId })).body).toMatchObject({
      status: "requires_action",
      exception: null,
    });
    expect(await depositAddressOnCheckout(request, paymentId)).toBe(deposit);

    await withdraw(deposit, 4_000_000n);
    await settles(api, merchantId, paymentId, { status: "succeeded", exception: null });
    expect(await balanceOf(wallet)).toBe(10_000_000n);
  });

  test("two parts in one block pay once; over pays with the overpaid exception and its excess is refundable", async ({
    apiAs,
    fixtures,
    request,
  }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const { merchantId, wallet } = await merchant(api);
    const split = await payment(api, merchantId, "8000000");
    const over = await payment(api, merchantId, "5000000");
    const splitAt = await depositAddressOnCheckout(request, split);
    const overAt = await depositAddressOnCheckout(request, over);

    await chain.automine(false);
    try {
      await withdraw(splitAt, 5_000_000n);
      await withdraw(splitAt, 3_000_000n);
      await withdraw(overAt, 5_500_000n);
      await chain.mine(1);
    } finally {
      await chain.automine(true);
    }
    await settles(api, merchantId, split, { status: "succeeded", exception: null });
    await settles(api, merchantId, over, {
      status: "succeeded",
      exception: { type: "overpaid", expected: "5000000", received: "5500000" },
    });
    expect(await balanceOf(wallet)).toBe(13_500_000n);
    const refund = await api.post("/v1/refunds", { paymentId: over, excess: true });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect(refund.body).toMatchObject({ excess: true, status: "pending", amount: { value: "500000" } });
  });

  test("late: money arriving after expiry is swept to the merchant and recorded as paid_late", async ({
    apiAs,
    fixtures,
    request,
  }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const { merchantId, wallet } = await merchant(api);
    const paymentId = await payment(api, merchantId, "3000000");
    const deposit = await depositAddressOnCheckout(request, paymentId);
    await runSql(`UPDATE "Payment" SET "expiresAt" = now() - interval '1 second' WHERE "id" = $1`, paymentId);
    await expect
      .poll(async () => (await api.get(`/v1/payments/${paymentId}`, { merchantId })).body.status, {
        timeout: 30_000,
      })
      .toBe("expired");

    await withdraw(deposit, 3_000_000n);
    await settles(api, merchantId, paymentId, {
      status: "expired",
      exception: { type: "paid_late", received: "3000000" },
    });
    expect(await balanceOf(wallet)).toBe(3_000_000n);
  });

  test("wrong token: recovered to the merchant's wallet and flagged; dust is reported, not swept at a loss", async ({
    apiAs,
    fixtures,
    request,
  }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const { merchantId, wallet } = await merchant(api);
    const paymentId = await payment(api, merchantId, "2000000");
    const deposit = await depositAddressOnCheckout(request, paymentId);

    await withdraw(deposit, 7_000_000n, otherToken);
    await settles(api, merchantId, paymentId, {
      status: "requires_action",
      exception: { type: "wrong_asset", asset: `${localCaip2}/erc20:${otherToken}`, received: "7000000" },
    });
    expect(await balanceOf(wallet, otherToken)).toBe(7_000_000n);
    expect(await balanceOf(deposit, otherToken)).toBe(0n);

    // 0.001 of a token is below the chain's smallest sweep (0.01): it stays, reported on the timeline.
    const dust = await payment(api, merchantId, "2000000");
    const dustAt = await depositAddressOnCheckout(request, dust);
    await withdraw(dustAt, 1_000n, otherToken);
    await expect
      .poll(
        async () =>
          (
            await runSql(
              `UPDATE "DepositSweep" SET "status" = "status" WHERE "paymentId" = $1 AND "status" = 'dust'`,
              dust,
            )
          ).count,
        { timeout: 30_000 },
      )
      .toBe(1);
    expect(await balanceOf(dustAt, otherToken)).toBe(1_000n);
    expect(await chain.public.getCode({ address: dustAt })).toBeUndefined();
  });

  test("the native coin: plain ETH sent to a payment quoted in ETH pays it exactly; ETH sent for a token payment is recovered and flagged", async ({
    apiAs,
    fixtures,
    request,
  }) => {
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const { merchantId, wallet } = await merchant(api, [eth]);
    const sendEth = async (to: Address, value: bigint) => {
      const hash = await exchangeWallet.sendTransaction({ to, value, nonce: nonce++, gas: 21_000n });
      expect((await chain.public.waitForTransactionReceipt({ hash })).status).toBe("success");
    };

    // Quoted in ETH: the exchange sends exactly that, a plain value transfer, no log.
    const inEth = await payment(api, merchantId, "20000000000000000", eth);
    const deposit = await depositAddressOnCheckout(request, inEth);
    await sendEth(deposit, 2n * 10n ** 16n);
    const paid = await settles(api, merchantId, inEth, { status: "succeeded", exception: null });
    expect(await chain.public.getBalance({ address: wallet })).toBe(2n * 10n ** 16n);
    expect(await chain.public.getBalance({ address: deposit })).toBe(0n);
    // The paying transaction is the relayer's sweep, read from the forwarder's Swept event.
    const sweep = await chain.public.getTransaction({ hash: paid.info.txId });
    expect(getAddress(sweep.to!)).toBe(getAddress(readFixtures().depositFactory));

    // Quoted in XUSD, paid in ETH: the ETH reaches the merchant's wallet and the payment says so.
    const inToken = await payment(api, merchantId, "3000000");
    const other = await depositAddressOnCheckout(request, inToken);
    await sendEth(other, 10n ** 16n);
    await settles(api, merchantId, inToken, {
      status: "requires_action",
      exception: { type: "wrong_asset", asset: eth, received: "10000000000000000" },
    });
    expect(await chain.public.getBalance({ address: wallet })).toBe(3n * 10n ** 16n);
    expect(await chain.public.getBalance({ address: other })).toBe(0n);
  });

  // The issue asks for 1,000 (DEPOSIT_CONCURRENT_PAYMENTS=1000): swept 50 addresses a transaction,
  // that takes minutes on a busy two-core machine, too long for every CI run, which sends 100.
  const count = Number(process.env.DEPOSIT_CONCURRENT_PAYMENTS ?? 100);
  test(`${count} payments of the same amount at one merchant, paid in a few blocks, are each attributed to their own`, async ({
    apiAs,
    fixtures,
  }) => {
    test.setTimeout(120_000 + count * 1_100);
    const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const { merchantId, wallet } = await merchant(api);
    const ids: string[] = [];
    // Ten creates in flight: 25 at once outlasted the server's 30 s request timeout on a loaded machine.
    for (let i = 0; i < count; i += 10)
      ids.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(10, count - i) }, () => payment(api, merchantId, "1000000")),
        )),
      );
    const factory = readFixtures().depositFactory;
    const implementation = await chain.public.readContract({
      address: factory,
      abi: factoryAbi,
      functionName: "implementation",
    });
    const addresses = ids.map((id) =>
      predictDepositAddress({ factory, implementation, destination: wallet, salt: depositSalt(id) }),
    );
    // The watcher gives open payments their addresses at its next pass.
    await chain.mine(1);
    await watcherHasRead(await chain.height());
    const from = await chain.height();
    await chain.automine(false);
    try {
      for (const address of addresses) await withdraw(address, 1_000_000n);
      await chain.mine(4);
    } finally {
      await chain.automine(true);
    }
    const paidAt = Date.now();
    const transferBlocks = (await chain.height()) - from;
    await expect
      .poll(
        async () => {
          await chain.mine(1);
          return (
            await runSql(
              `UPDATE "Payment" SET "status" = "status" WHERE "id" = ANY($1) AND "status" = 'succeeded' AND "exceptionType" IS NULL`,
              ids,
            )
          ).count;
        },
        { timeout: count * 1_100, intervals: [2_000] },
      )
      .toBe(count);
    const attributedAt = Date.now();
    expect(await balanceOf(wallet)).toBe(BigInt(count) * 1_000_000n);
    // Each payment's money came from its own address: its paying transfer's source is that address.
    const own = await runSql(
      `UPDATE "ChainTransfer" t SET "value" = t."value" FROM "DepositAddress" d WHERE t."paymentId" = d."paymentId" AND lower(t."fromAddress") = lower(d."address") AND t."paymentId" = ANY($1)`,
      ids,
    );
    expect(own.count).toBe(count);
    // Swept in batches: each payment carries its share of its batch's gas, and the shares add up to what each transaction cost.
    const batches = [];
    for (let n = from; n <= (await chain.height()); n++) {
      const block = await chain.public.getBlock({ blockNumber: BigInt(n), includeTransactions: true });
      batches.push(...block.transactions.filter((tx) => tx.to && getAddress(tx.to) === getAddress(factory)));
    }
    console.log(
      `[deposits] ${count} payments' transfers in ${transferBlocks} blocks: all succeeded ${((attributedAt - paidAt) / 1000).toFixed(0)} s after the transfers, swept in ${batches.length} transactions`,
    );
    expect(batches.length).toBeLessThanOrEqual(Math.ceil(count / 10));
    let accounted = 0;
    for (const { hash } of batches) {
      const receipt = await chain.public.getTransactionReceipt({ hash });
      accounted += (
        await runSql(
          `UPDATE "DepositSweep" SET "status" = "status" WHERE "txHash" = $1 AND "status" = 'swept' AND "gasUsed" > 0
             AND "paymentId" = ANY($3)
             AND (SELECT sum("gasCostWei") FROM "DepositSweep" WHERE "txHash" = $1) = $2::numeric`,
          hash,
          (receipt.gasUsed * receipt.effectiveGasPrice).toString(),
          ids,
        )
      ).count;
    }
    expect(accounted).toBe(count);
  });
});
