import {
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getTransactionDecoder,
  type KeyPairSigner,
} from "@solana/kit";
import { expect, freshKey, test, type ApiClient } from "../support/api";
import { devAccounts } from "../support/chain";
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
