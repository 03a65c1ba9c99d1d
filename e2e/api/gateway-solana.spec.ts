import {
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getTransactionDecoder,
  type KeyPairSigner,
} from "@solana/kit";
import { getAddress, parseAbi, type Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { Action } from "@walletconnect/pay";
import { expect, freshKey, test, type ApiClient } from "../support/api";
import { devAccounts, LocalChain, localCaip2, signTypedJson } from "../support/chain";
import { localChainRpc } from "../support/settings";
import { sampleAddress, usdcBase } from "../support/merchants";
import { localSolanaChainId, solanaRelayer, solanaTestMints } from "../support/solana-settings";
import {
  airdrop,
  expireBlockhash,
  holdFinality,
  mintTokens,
  newSolanaWallet,
  signAltered,
  signInPlaceOf,
  signOffered,
  solanaRpc,
  solBalance,
  tokenAccount,
  tokenBalance,
} from "../support/solana-wallet";
import { runSql } from "../support/test-control";
import { payWithWalletConnectSdk, walletConnectPayClient } from "../support/walletconnect-pay";

// Solana through the Gateway: a wallet written with @solana/kit advertises a solana: account, gets
// a solana_signTransaction option whose fee payer is Tollgate's relayer, signs without sending, and
// Tollgate broadcasts it to the suite's Solana test node (litesvm behind Solana's JSON-RPC) and
// verifies it at `finalized`.

const usdc = `${localSolanaChainId}/token:${solanaTestMints.USDC}`;
const usdt = `${localSolanaChainId}/token:${solanaTestMints.USDT}`;
const sol = `${localSolanaChainId}/slip44:501`;
const unlisted = `${localSolanaChainId}/token:${solanaTestMints.TPESO}`;

async function merchantSettling(api: ApiClient, settlements: { asset: string; destination: string }[]) {
  const merchant = (
    await api.post(
      "/v1/merchants",
      { merchantName: "Solana Shop", merchantEmail: "sol@shop.example" },
      { idempotencyKey: freshKey() },
    )
  ).body.merchant;
  const registered = await api.post(
    `/v1/merchants/${merchant.id}/settlements/crypto`,
    { settlements },
    { idempotencyKey: freshKey() },
  );
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  return merchant.id as string;
}

async function payment(api: ApiClient, merchantId: string, amount: { unit: string; value: string }) {
  const created = await api.post(
    "/v1/payments",
    { referenceId: `sol-${Date.now()}`, amount },
    { merchantId },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
}

async function solanaOption(api: ApiClient, paymentId: string, wallet: KeyPairSigner) {
  const options = await api.post(`/v1/gateway/payment/${paymentId}/options`, {
    accounts: [`${localSolanaChainId}:${wallet.address}`],
  });
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  return options.body.options as {
    id: string;
    account: string;
    amount: { value: string; display: { assetSymbol: string } };
    actions: {
      type: string;
      data: { chain_id: string; method: string; params: [{ transaction: string }] };
    }[];
  }[];
}

const confirm = (api: ApiClient, paymentId: string, optionId: string, signed: string) =>
  api.post(`/v1/gateway/payment/${paymentId}/confirm?maxPollMs=10000`, {
    optionId,
    results: [{ type: "walletRpc", data: [signed] }],
  });

const live = (apiAs: (c: Record<string, string>) => ApiClient, key: string) => apiAs({ "Api-Key": key });

const chain = new LocalChain(localChainRpc);
const usdcBalance = (token: Address, owner: Address) =>
  chain.public.readContract({
    address: token,
    abi: parseAbi(["function balanceOf(address) view returns (uint256)"]),
    functionName: "balanceOf",
    args: [owner],
  });

test.describe("Solana through the gateway (live, on the Solana test node)", () => {
  for (const [symbol, asset, mint] of [
    ["USDC", usdc, solanaTestMints.USDC],
    ["USDT", usdt, solanaTestMints.USDT],
  ] as const) {
    test(`a wallet holding no SOL pays ${symbol}: it signs only, the relayer pays the fee and the rent, the merchant's token account receives exactly the amount`, async ({
      apiAs,
      fixtures,
    }) => {
      const api = live(apiAs, fixtures.accounts.a.keys.live);
      const merchant = await newSolanaWallet();
      const merchantId = await merchantSettling(api, [
        { asset, destination: `${localSolanaChainId}:${merchant.address}` },
      ]);
      const paymentId = await payment(api, merchantId, { unit: "iso4217/USD", value: "1234" });
      const buyer = await newSolanaWallet();
      await mintTokens(mint, buyer.address, 20_000_000n);
      expect(await solBalance(buyer.address)).toBe(0n);
      const relayer = await solanaRelayer();
      const relayerBefore = await solBalance(relayer.address);

      const [option, ...more] = await solanaOption(api, paymentId, buyer);
      expect(more).toHaveLength(0);
      expect(option).toMatchObject({
        account: `${localSolanaChainId}:${buyer.address}`,
        amount: { value: "12340000", display: { assetSymbol: symbol } },
      });
      expect(option!.actions).toHaveLength(1);
      expect(option!.actions[0]!.data).toMatchObject({
        chain_id: localSolanaChainId,
        method: "solana_signTransaction",
      });
      // The relayer pays: it is the transaction's fee payer (its first signer), the buyer the second.
      const offered = getTransactionDecoder().decode(
        getBase64Encoder().encode(option!.actions[0]!.data.params[0].transaction),
      );
      expect(Object.keys(offered.signatures)).toEqual([relayer.address, buyer.address]);

      const signed = await signOffered(buyer, option!.actions[0]!.data.params[0].transaction);
      const confirmed = await confirm(api, paymentId, option!.id, signed);
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      expect(confirmed.body).toMatchObject({ status: "succeeded", isFinal: true });
      const txId = confirmed.body.info.txId as string;

      // The real signature: the node holds that transaction, finalized, without error.
      const statuses = await solanaRpc.getSignatureStatuses([txId as never]).send();
      expect(statuses.value[0]).toMatchObject({ confirmationStatus: "finalized", err: null });
      expect(await tokenBalance(merchant.address, mint)).toBe(12_340_000n);
      expect(await tokenBalance(buyer.address, mint)).toBe(20_000_000n - 12_340_000n);
      expect(await solBalance(buyer.address)).toBe(0n);
      // The relayer paid two signatures' fee and the rent of the merchant's new token account.
      const rent = BigInt(await solanaRpc.getMinimumBalanceForRentExemption(165n).send());
      expect(relayerBefore - (await solBalance(relayer.address))).toBe(10_000n + rent);

      const status = await api.get(`/v1/payments/${paymentId}`, { merchantId });
      expect(status.body).toMatchObject({ status: "succeeded" });
      expect(JSON.stringify(status.body)).toContain(txId);
    });
  }

  test("@walletconnect/pay (unmodified) pays USDC with a Solana account: its action is solana_signTransaction, the signed transaction goes back in the results", async ({
    apiAs,
    fixtures,
  }) => {
    const api = live(apiAs, fixtures.accounts.a.keys.live);
    const merchant = await newSolanaWallet();
    const merchantId = await merchantSettling(api, [
      { asset: usdc, destination: `${localSolanaChainId}:${merchant.address}` },
    ]);
    const created = await api.post(
      "/v1/payments",
      { referenceId: `sol-sdk-${Date.now()}`, amount: { unit: "iso4217/USD", value: "777" } },
      { merchantId },
    );
    const buyer = await newSolanaWallet();
    await mintTokens(solanaTestMints.USDC, buyer.address, 10_000_000n);
    const methods: string[] = [];
    const { result } = await payWithWalletConnectSdk(
      walletConnectPayClient({ appId: fixtures.accounts.a.liveAppId, clientId: `sol-sdk-${Date.now()}` }),
      created.body.gatewayUrl,
      [`${localSolanaChainId}:${buyer.address}`],
      async (action) => {
        methods.push(action.walletRpc.method);
        // As WalletConnect's Solana guide says: params are array-wrapped, [{ transaction }].
        const [{ transaction }] = JSON.parse(action.walletRpc.params) as [{ transaction: string }];
        return signOffered(buyer, transaction);
      },
    );
    expect(methods).toEqual(["solana_signTransaction"]);
    expect(result).toMatchObject({ status: "succeeded", isFinal: true });
    expect(await tokenBalance(merchant.address, solanaTestMints.USDC)).toBe(7_770_000n);
    expect(await solBalance(buyer.address)).toBe(0n);
  });

  test("@walletconnect/pay (unmodified), a wallet with an EVM and a Solana account: a USD payment offers both kinds; one payment is paid on each, each with its real transaction, and the merchant receives exactly the amount", async ({
    apiAs,
    fixtures,
  }) => {
    const api = live(apiAs, fixtures.accounts.a.keys.live);
    // The local chain poses as Base, but has no USDC: the suite's EIP-3009 token is put at its
    // address, so that a dollar amount is quoted in it (a known dollar stablecoin) and it is gasless.
    const usdcAddress = getAddress(usdcBase.split(":").pop()!);
    const removeUsdc = await chain.installAuthToken(usdcAddress, "USD Coin", "USDC");
    try {
      const solanaMerchant = await newSolanaWallet();
      const evmMerchant = privateKeyToAccount(generatePrivateKey()).address;
      const merchantId = await merchantSettling(api, [
        { asset: usdc, destination: `${localSolanaChainId}:${solanaMerchant.address}` },
        { asset: usdcBase, destination: `${localCaip2}:${evmMerchant}` },
      ]);
      const solanaBuyer = await newSolanaWallet();
      await mintTokens(solanaTestMints.USDC, solanaBuyer.address, 20_000_000n);
      const evmBuyer = privateKeyToAccount(generatePrivateKey());
      await chain.transferToken(usdcAddress, evmBuyer.address, 20_000_000n);
      const accounts = [`${localCaip2}:${evmBuyer.address}`, `${localSolanaChainId}:${solanaBuyer.address}`];
      const client = walletConnectPayClient({ apiKey: fixtures.accounts.a.keys.live });
      // What the wallet does with each kind of action: sign the typed data, or the transaction.
      const methods: string[] = [];
      const sign = async (action: Action) => {
        methods.push(action.walletRpc.method);
        if (action.walletRpc.method === "solana_signTransaction") {
          const [{ transaction }] = JSON.parse(action.walletRpc.params) as [{ transaction: string }];
          return signOffered(solanaBuyer, transaction);
        }
        const [, typed] = JSON.parse(action.walletRpc.params) as [string, string];
        return signTypedJson(evmBuyer, typed);
      };

      for (const [namespace, value, paid] of [
        ["solana", "1234", 12_340_000n],
        ["eip155", "567", 5_670_000n],
      ] as const) {
        const created = await api.post(
          "/v1/payments",
          { referenceId: `mixed-${namespace}-${Date.now()}`, amount: { unit: "iso4217/USD", value } },
          { merchantId },
        );
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        // The EVM confirm holds until the transfer is confirmed, which takes blocks: mine while it waits.
        const miner = setInterval(() => void chain.mine(1, { sameTimestamp: true }), 250);
        let paying;
        try {
          paying = await payWithWalletConnectSdk(client, created.body.gatewayUrl, accounts, sign, (options) =>
            options.find((o) => o.account.startsWith(`${namespace}:`)),
          );
        } finally {
          clearInterval(miner);
        }
        // Both kinds of option, each for its own account, quoting the dollars in that chain's USDC.
        expect(
          paying.options.options
            .map((o) => [
              o.account,
              o.amount.value,
              o.amount.display.assetSymbol,
              o.actions[0]?.walletRpc.method,
            ])
            .sort(),
        ).toEqual(
          [
            [accounts[0], paid.toString(), "USDC", "eth_signTypedData_v4"],
            [accounts[1], paid.toString(), "USDC", "solana_signTransaction"],
          ].sort(),
        );
        expect(paying.result).toMatchObject({ status: "succeeded", isFinal: true });
        const status = (await api.get(`/v1/payments/${created.body.id}/status`, { merchantId })).body;
        expect(status.status).toBe("succeeded");
        if (namespace === "solana") {
          expect(methods.at(-1)).toBe("solana_signTransaction");
          const statuses = await solanaRpc.getSignatureStatuses([status.info.txId]).send();
          expect(statuses.value[0]).toMatchObject({ confirmationStatus: "finalized", err: null });
          expect(await tokenBalance(solanaMerchant.address, solanaTestMints.USDC)).toBe(paid);
          expect(await tokenBalance(solanaBuyer.address, solanaTestMints.USDC)).toBe(20_000_000n - paid);
        } else {
          expect(methods.at(-1)).toBe("eth_signTypedData_v4");
          expect(status.info.txId).toMatch(/^0x[0-9a-f]{64}$/);
          const receipt = await chain.public.getTransactionReceipt({ hash: status.info.txId });
          expect(receipt.status).toBe("success");
          expect(getAddress(receipt.to!)).toBe(usdcAddress);
          expect(await usdcBalance(usdcAddress, evmMerchant)).toBe(paid);
          expect(await usdcBalance(usdcAddress, evmBuyer.address)).toBe(20_000_000n - paid);
          // Gasless: the buyer never held ETH.
          expect(await chain.public.getBalance({ address: evmBuyer.address })).toBe(0n);
        }
      }
      expect(methods).toEqual(["solana_signTransaction", "eth_signTypedData_v4"]);
    } finally {
      await removeUsdc();
    }
  });

  test("a transaction not finalized while the confirm waits leaves the payment processing; the relayer recovery finishes it once finalized", async ({
    apiAs,
    fixtures,
  }) => {
    const api = live(apiAs, fixtures.accounts.a.keys.live);
    const merchant = await newSolanaWallet();
    const merchantId = await merchantSettling(api, [
      { asset: usdc, destination: `${localSolanaChainId}:${merchant.address}` },
    ]);
    const paymentId = await payment(api, merchantId, { unit: "iso4217/USD", value: "250" });
    const buyer = await newSolanaWallet();
    await mintTokens(solanaTestMints.USDC, buyer.address, 2_500_000n);
    const [option] = await solanaOption(api, paymentId, buyer);
    const signed = await signOffered(buyer, option!.actions[0]!.data.params[0].transaction);
    await holdFinality(true);
    try {
      const confirmed = await confirm(api, paymentId, option!.id, signed);
      expect(confirmed.body).toMatchObject({ status: "processing", isFinal: false });
      // The money has landed (confirmed), but Tollgate does not call it paid before `finalized`.
      expect(await tokenBalance(merchant.address, solanaTestMints.USDC)).toBe(2_500_000n);
      expect((await api.get(`/v1/gateway/payment/${paymentId}/status`)).body.status).toBe("processing");
    } finally {
      await holdFinality(false);
    }
    const final = await api.get(`/v1/gateway/payment/${paymentId}/status?maxPollMs=30000`);
    expect(final.body).toMatchObject({ status: "succeeded", isFinal: true });
  });

  test("a wallet pays in SOL: exactly the amount leaves it, the relayer pays the fee", async ({
    apiAs,
    fixtures,
  }) => {
    const api = live(apiAs, fixtures.accounts.a.keys.live);
    const merchant = await newSolanaWallet();
    const merchantId = await merchantSettling(api, [
      { asset: sol, destination: `${localSolanaChainId}:${merchant.address}` },
    ]);
    const paymentId = await payment(api, merchantId, { unit: `caip19/${sol}`, value: "25000000" });
    const buyer = await newSolanaWallet();
    await airdrop(buyer.address, 100_000_000n);
    await airdrop(merchant.address, 1_000_000n);

    const [option] = await solanaOption(api, paymentId, buyer);
    expect(option).toMatchObject({ amount: { value: "25000000", display: { assetSymbol: "SOL" } } });
    const signed = await signOffered(buyer, option!.actions[0]!.data.params[0].transaction);
    const confirmed = await confirm(api, paymentId, option!.id, signed);
    expect(confirmed.body).toMatchObject({ status: "succeeded" });
    expect(await solBalance(buyer.address)).toBe(75_000_000n);
    expect(await solBalance(merchant.address)).toBe(26_000_000n);
  });

  test("refused: an altered transaction, another signer, a stale blockhash, another payment's transaction; a double confirm broadcasts once", async ({
    apiAs,
    fixtures,
  }) => {
    const api = live(apiAs, fixtures.accounts.a.keys.live);
    const merchant = await newSolanaWallet();
    const merchantId = await merchantSettling(api, [
      { asset: usdc, destination: `${localSolanaChainId}:${merchant.address}` },
    ]);
    const buyer = await newSolanaWallet();
    await mintTokens(solanaTestMints.USDC, buyer.address, 50_000_000n);
    const first = await payment(api, merchantId, { unit: "iso4217/USD", value: "500" });
    const second = await payment(api, merchantId, { unit: "iso4217/USD", value: "500" });
    const [option] = await solanaOption(api, first, buyer);
    const offered = option!.actions[0]!.data.params[0].transaction;

    // The amount changed (the transfer's 8 amount bytes sit before its decimals byte, at the message's end), signed by the buyer.
    const altered = await confirm(api, first, option!.id, await signAltered(buyer, offered, 9));
    expect(altered.status).toBe(400);
    expect(altered.body.code).toBe("invalid_params");
    expect(altered.body.message).toMatch(/not the one this option offered/);
    // The right transaction signed by someone else.
    const stranger = await newSolanaWallet();
    const forged = await confirm(
      api,
      first,
      option!.id,
      await signInPlaceOf(stranger, buyer.address, offered),
    );
    expect(forged.status).toBe(400);
    expect(forged.body.message).toMatch(/not signed by/);
    // A detached signature instead of the transaction.
    const detached = await confirm(api, first, option!.id, "5".repeat(88));
    expect(detached.status).toBe(400);

    // Another payment's option, confirmed with this payment's signed transaction (a replay): refused.
    const [otherOption] = await solanaOption(api, second, buyer);
    const signedFirst = await signOffered(buyer, offered);
    const replayed = await confirm(api, second, otherOption!.id, signedFirst);
    expect(replayed.status).toBe(400);
    expect(replayed.body.code).toBe("invalid_params");

    // Two confirms of the same signed transaction at once: one broadcast, both answer succeeded.
    const relayer = await solanaRelayer();
    const relayerBefore = await solBalance(relayer.address);
    const [a, b] = await Promise.all([
      confirm(api, first, option!.id, signedFirst),
      confirm(api, first, option!.id, signedFirst),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const final = await api.get(`/v1/gateway/payment/${first}/status?maxPollMs=10000`);
    expect(final.body).toMatchObject({ status: "succeeded" });
    expect(await tokenBalance(merchant.address, solanaTestMints.USDC)).toBe(5_000_000n);
    // One submission, and the relayer paid one transaction's fee (and the new token account's rent).
    // (runSql counts the rows a statement touched: a no-op UPDATE counts the rows that match.)
    expect(
      (await runSql(`UPDATE "RelayerSubmission" SET status = status WHERE "paymentId" = $1`, first)).count,
    ).toBe(1);
    const rent = BigInt(await solanaRpc.getMinimumBalanceForRentExemption(165n).send());
    expect(relayerBefore - (await solBalance(relayer.address))).toBe(10_000n + rent);
    // The payment's txId is the one transaction the node holds for it, with the buyer as a signer.
    const held = await solanaRpc
      .getTransaction(final.body.info.txId, { encoding: "json", maxSupportedTransactionVersion: 0 })
      .send();
    expect(held?.transaction.message.accountKeys).toContain(buyer.address);
    // Broadcast again, whole (the relayer's signature as the node recorded it): the chain refuses it.
    const whole = getTransactionDecoder().decode(getBase64Encoder().encode(signedFirst));
    const [feePayer, payer] = Object.keys(whole.signatures);
    const replay = {
      ...whole,
      signatures: {
        [feePayer!]: getBase58Encoder().encode(held!.transaction.signatures[0]!),
        [payer!]: whole.signatures[payer as keyof typeof whole.signatures],
      },
    } as typeof whole;
    const again = await solanaRpc
      .sendTransaction(getBase64EncodedWireTransaction(replay), { encoding: "base64" })
      .send()
      .then(
        () => "sent",
        (e: Error) => `${e.message}: ${(e.cause as Error | undefined)?.message}`,
      );
    expect(again).toMatch(/already been processed/);
    expect(await tokenBalance(merchant.address, solanaTestMints.USDC)).toBe(5_000_000n);

    // A stale blockhash: the node moved on after the option was made.
    const [stale] = await solanaOption(api, second, buyer);
    const signedStale = await signOffered(buyer, stale!.actions[0]!.data.params[0].transaction);
    await expireBlockhash();
    const expired = await confirm(api, second, stale!.id, signedStale);
    expect(expired.status).toBe(400);
    expect(expired.body.code).toBe("quote_expired");
    expect((await api.get(`/v1/gateway/payment/${second}/status`)).body.status).toBe("requires_action");
    expect(await tokenBalance(merchant.address, solanaTestMints.USDC)).toBe(5_000_000n);
  });

  test("a mint not on the allow-list gets no option: the relayer would not pay its fee", async ({
    apiAs,
    fixtures,
  }) => {
    const api = live(apiAs, fixtures.accounts.a.keys.live);
    const merchant = await newSolanaWallet();
    const merchantId = await merchantSettling(api, [
      { asset: unlisted, destination: `${localSolanaChainId}:${merchant.address}` },
    ]);
    const paymentId = await payment(api, merchantId, { unit: `caip19/${unlisted}`, value: "1000000" });
    const buyer = await newSolanaWallet();
    expect(await solanaOption(api, paymentId, buyer)).toEqual([]);
  });

  test("test mode: a wallet with EVM and Solana accounts gets both kinds of option, and a signed Solana one succeeds with test:<id>", async ({
    api,
  }) => {
    const merchant = await newSolanaWallet();
    const merchantId = await merchantSettling(api, [
      { asset: usdc, destination: `${localSolanaChainId}:${merchant.address}` },
      { asset: usdcBase, destination: `eip155:8453:${sampleAddress}` },
    ]);
    const dollars = await payment(api, merchantId, { unit: "iso4217/USD", value: "300" });
    const buyer = await newSolanaWallet();
    const both = await api.post(`/v1/gateway/payment/${dollars}/options`, {
      accounts: [`eip155:8453:${devAccounts[2]!.address}`, `${localSolanaChainId}:${buyer.address}`],
    });
    expect(both.status).toBe(200);
    const options = both.body.options as {
      id: string;
      account: string;
      actions: { data: { method: string; params: [{ transaction: string }] } }[];
    }[];
    expect(options.map((o) => [o.account.split(":")[0], o.actions[0]!.data.method]).sort()).toEqual([
      ["eip155", "eth_signTypedData_v4"],
      ["solana", "solana_signTransaction"],
    ]);
    const solanaOne = options.find((o) => o.account.startsWith("solana:"))!;
    const signed = await signOffered(buyer, solanaOne.actions[0]!.data.params[0].transaction);
    const confirmed = await confirm(api, dollars, solanaOne.id, signed);
    expect(confirmed.body).toMatchObject({ status: "succeeded", info: { txId: `test:${dollars}` } });
  });

  test("settlements take a Solana wallet and refuse the mint itself, the system program and an off-curve address", async ({
    apiAs,
    fixtures,
  }) => {
    const api = live(apiAs, fixtures.accounts.a.keys.live);
    const merchant = (
      await api.post(
        "/v1/merchants",
        { merchantName: "Solana Safety", merchantEmail: "safe@shop.example" },
        { idempotencyKey: freshKey() },
      )
    ).body.merchant;
    const wallet = await newSolanaWallet();
    const offCurve = await tokenAccount(wallet.address, solanaTestMints.USDC);
    for (const [destination, reason] of [
      [solanaTestMints.USDC, "token_contract"],
      ["11111111111111111111111111111111", "system_program"],
      [offCurve, "off_curve"],
    ] as const) {
      const refused = await api.post(
        `/v1/merchants/${merchant.id}/settlements/crypto`,
        { settlements: [{ asset: usdc, destination: `${localSolanaChainId}:${destination}` }] },
        { idempotencyKey: freshKey() },
      );
      expect(refused.status, destination).toBe(400);
      expect(refused.body.code).toBe("unsafe_destination");
      expect(Object.values(refused.body.details.reasons)).toEqual([reason]);
    }
    const malformed = await api.post(
      `/v1/merchants/${merchant.id}/settlements/crypto`,
      { settlements: [{ asset: usdc, destination: `${localSolanaChainId}:0xNotBase58` }] },
      { idempotencyKey: freshKey() },
    );
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe("params_validation");
    const saved = await api.post(
      `/v1/merchants/${merchant.id}/settlements/crypto`,
      { settlements: [{ asset: usdc, destination: `${localSolanaChainId}:${wallet.address}` }] },
      { idempotencyKey: freshKey() },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.crypto[0]).toMatchObject({
      asset: usdc,
      destination: `${localSolanaChainId}:${wallet.address}`,
    });
  });
});
