import { formatEther, getAddress, parseAbi, type Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { ApiClient, expect, freshKey, test } from "../support/api";
import { axeFindings, isSerious } from "../support/axe";
import { LocalChain, localCaip2, localChainId, signTypedJson } from "../support/chain";
import { LiveServer } from "../support/live-server";
import { signInViaApi } from "../support/sign-in";
import { extraPort, localChainRpc } from "../support/settings";

// The relayer's gas sponsorship policy on the local chain, on a server of its own with a relayer of
// its own (so its gas and nonce move only with what this test does): a merchant's gas-burning token
// is not offered gasless, one the operator allow-listed anyway is refused before any gas is spent,
// dust and payments to oneself are not sponsored, and the account's daily budget stops the relayer.

const chain = new LocalChain(localChainRpc);
const erc20 = parseAbi(["function balanceOf(address) view returns (uint256)"]);
type Option = { id: string; actions: { data: { method: string; params: unknown[] } }[] };

test("gas sponsorship: allow-list, gas limit before broadcast, no dust or self-payments, a daily budget per account", async ({
  playwright,
  documents,
  page,
}) => {
  test.setTimeout(240_000);
  const relayerKey = generatePrivateKey();
  const relayer = privateKeyToAccount(relayerKey).address;
  await chain.setBalance(relayer, 10n ** 20n);
  const token = getAddress(await chain.deployAuthToken("Policy Dollar", "PLCY"));
  const burner = getAddress(await chain.deployGasBurner("Burner Dollar", "BURN"));
  const stranger = getAddress(await chain.deployGasBurner("Stranger Dollar", "STRG"));
  const live = new LiveServer(extraPort(3), {
    [`RELAYER_KEY_EIP155_${localChainId}`]: relayerKey,
    // The operator allow-lists its token and (by mistake) the burner; the merchant's own token is not listed.
    [`SPONSORED_TOKENS_EIP155_${localChainId}`]: `${token}:Policy Dollar:2,${burner}:Burner Dollar:2`,
    [`SPONSOR_MIN_AMOUNT_EIP155_${localChainId}`]: "0.50",
    // One relay of this token (~80,000 gas) fits; a second does not.
    SPONSOR_DAILY_GAS_PER_ACCOUNT: "150000",
  });
  const request = await playwright.request.newContext({ baseURL: live.url });
  const api = new ApiClient(request, documents, { "Api-Key": live.liveKey });
  const relayerState = async () => ({
    nonce: await chain.public.getTransactionCount({ address: relayer }),
    balance: await chain.public.getBalance({ address: relayer }),
  });

  async function payment(
    asset: Address,
    value: bigint,
    destination: Address = privateKeyToAccount(generatePrivateKey()).address,
  ) {
    const caip19 = `${localCaip2}/erc20:${asset}`;
    const merchant = (
      await api.post(
        "/v1/merchants",
        { merchantName: "Policy Shop", merchantEmail: "policy@shop.example" },
        { idempotencyKey: freshKey() },
      )
    ).body.merchant;
    expect(
      (
        await api.post(
          `/v1/merchants/${merchant.id}/settlements/crypto`,
          { settlements: [{ asset: caip19, destination: `${localCaip2}:${destination}` }] },
          { idempotencyKey: freshKey() },
        )
      ).status,
    ).toBe(201);
    const created = (
      await api.post(
        "/v1/payments",
        {
          referenceId: `policy-${Date.now()}`,
          amount: { unit: `caip19/${caip19}`, value: value.toString() },
        },
        { merchantId: merchant.id },
      )
    ).body;
    return { id: created.id as string, destination };
  }
  const options = async (paymentId: string, payer: Address): Promise<Option[]> =>
    (await api.post(`/v1/gateway/payment/${paymentId}/options`, { accounts: [`${localCaip2}:${payer}`] }))
      .body.options;
  const methodOf = (option: Option) => option.actions[0]!.data.method;
  async function signedGasless(asset: Address, value: bigint) {
    const buyer = privateKeyToAccount(generatePrivateKey());
    await chain.transferToken(asset, buyer.address, value);
    const p = await payment(asset, value);
    const [option] = await options(p.id, buyer.address);
    expect(methodOf(option!)).toBe("eth_signTypedData_v4");
    const signature = await signTypedJson(buyer, option!.actions[0]!.data.params[1] as string);
    const confirm = () =>
      api.post(
        `/v1/gateway/payment/${p.id}/confirm`,
        { optionId: option!.id, results: [{ type: "walletRpc", data: [signature] }] },
        {
          beyondWalletConnect:
            "WalletConnect Pay's confirm lists no 429: the account's gas budget is Tollgate's",
        },
      );
    return { ...p, confirm };
  }
  const statusOf = async (paymentId: string) =>
    (await api.get(`/v1/gateway/payment/${paymentId}/status`)).body.status;

  try {
    await live.start();

    // A token the merchant deployed itself (EIP-3009's functions, an EIP-5267 domain) is not on the allow-list: the wallet sends the transfer itself.
    const unlisted = await payment(stranger, 1_000_000n);
    expect(
      (await options(unlisted.id, privateKeyToAccount(generatePrivateKey()).address)).map(methodOf),
    ).toEqual(["eth_sendTransaction"]);

    // Dust, and a payment to the payer's own wallet, are not sponsored either, whatever the token.
    const self = privateKeyToAccount(generatePrivateKey()).address;
    const dust = await payment(token, 1n);
    expect((await options(dust.id, self)).map(methodOf)).toEqual(["eth_sendTransaction"]);
    const toSelf = await payment(token, 5_000_000n, self);
    expect((await options(toSelf.id, self)).map(methodOf)).toEqual(["eth_sendTransaction"]);

    // Signed in order before any relay, while the budget is untouched: the burner (listed by mistake) and two real payments.
    const burning = await signedGasless(burner, 1_000_000n);
    const first = await signedGasless(token, 2_000_000n);
    const second = await signedGasless(token, 3_000_000n);

    // The burner's estimate (~5M gas) passes its 150,000 gas limit: refused before anything is sent; the simulation cost the relayer nothing.
    const before = await relayerState();
    const refused = await burning.confirm();
    expect(refused.status).toBe(400);
    // In WalletConnect Pay's vocabulary on the Gateway (invalid_state: ask for options again), Tollgate's code beside it.
    expect(refused.body).toMatchObject({
      code: "invalid_state",
      details: { code: "gas_sponsorship_refused", reason: "gas_limit_exceeded" },
    });
    expect(await relayerState()).toEqual(before);
    expect(await statusOf(burning.id)).toBe("requires_action");

    // The first real payment is relayed and pays; the receipt's gas is what the account has spent.
    const paid = await first.confirm();
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const afterFirst = await relayerState();
    expect(afterFirst.nonce).toBe(before.nonce + 1);
    await expect
      .poll(async () => (await chain.mine(1, { sameTimestamp: true }), statusOf(first.id)), {
        timeout: 30_000,
      })
      .toBe("succeeded");
    const txId = (await api.get(`/v1/gateway/payment/${first.id}/status`)).body.info.txId as `0x${string}`;
    const receipt = await chain.public.getTransactionReceipt({ hash: txId });
    expect(
      await chain.public.readContract({
        address: token,
        abi: erc20,
        functionName: "balanceOf",
        args: [first.destination],
      }),
    ).toBe(2_000_000n);

    // The second would pass the day's budget: 429 with the wait until the next UTC day, nothing sent, still payable.
    const overBudget = await second.confirm();
    expect(overBudget.status).toBe(429);
    expect(overBudget.body).toMatchObject({
      code: "rate_limited",
      details: { code: "sponsorship_budget_exhausted", reason: "daily_budget" },
    });
    const retryAfter = Number(overBudget.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect((await relayerState()).nonce).toBe(afterFirst.nonce);
    expect(await statusOf(second.id)).toBe("requires_action");
    // New options for it are no longer gasless: the buyer can still pay by sending the transfer.
    expect(
      (await options(second.id, privateKeyToAccount(generatePrivateKey()).address)).map(methodOf),
    ).toEqual(["eth_sendTransaction"]);

    // The Developers page sums the gas the relayer spent for the account and says the budget is used up.
    await signInViaApi(page.request, live.url, live.owner.email, live.owner.password);
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(`${live.url}/live/developers`);
    const row = page.getByTestId(`sponsored-gas-${localCaip2}`);
    await expect(row).toContainText(receipt.gasUsed.toLocaleString("en-US"));
    await expect(row).toContainText(`${formatEther(receipt.gasUsed * receipt.effectiveGasPrice)} ETH`);
    await expect(page.getByRole("alert").filter({ hasText: "sponsored gas" })).toContainText("used up");
    expect(
      (await axeFindings(page)).filter(isSerious),
      "serious or critical axe violations on the Developers page",
    ).toEqual([]);
    await page.getByRole("heading", { name: "Sponsored gas" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath("sponsored-gas.png") });
  } finally {
    await request.dispose();
    await live.dispose();
  }
});
