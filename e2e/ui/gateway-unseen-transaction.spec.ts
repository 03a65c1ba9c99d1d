import { randomBytes } from "node:crypto";
import { encodeFunctionData, erc20Abi, keccak256, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect, test } from "../support/api";
import { devAccounts, LocalChain, localCaip2 } from "../support/chain";
import { livePayment, merchantWallet } from "../support/live-payments";
import { localChainRpc, unseenTransactionMs } from "../support/settings";
import { runSql } from "../support/test-control";
import { signInAs } from "../support/ui";

// A wallet confirms an eth_sendTransaction option with a hash that never reaches the chain (never
// broadcast, or dropped). The option holds for GATEWAY_UNSEEN_TRANSACTION_MS; after that the buyer
// may confirm another option, the change is on the payment's timeline, and the transfer that does
// land is found by the watcher.
const chain = new LocalChain(localChainRpc);
const payer = devAccounts[3]!;
let token: Address;

test.beforeAll(async () => {
  token = await chain.deployToken("GHOST", 6);
  await chain.transferToken(token, payer.address, 10n ** 12n);
});

type Option = {
  id: string;
  account: string;
  actions: { data: { method: string; params: { to: Address; data: Hex; value: Hex }[] } }[];
};

test("an option confirmed with a transaction the chain never sees gives way to another once its window has passed; the watcher finds the real transfer", async ({
  page,
  apiAs,
  fixtures,
}) => {
  const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
  const { merchantId, paymentId } = await livePayment(api, `${localCaip2}/erc20:${token}`, "2000000");
  const base = `/v1/gateway/payment/${paymentId}`;
  const phantom = privateKeyToAccount(generatePrivateKey()).address;
  const { options } = (
    await api.post(`${base}/options`, {
      accounts: [`${localCaip2}:${phantom}`, `${localCaip2}:${payer.address}`],
    })
  ).body as { options: Option[] };
  const stuck = options.find((o) => o.account.endsWith(phantom))!;
  const other = options.find((o) => o.account.endsWith(payer.address))!;
  expect(other.actions[0]!.data.method).toBe("eth_sendTransaction");

  // The first wallet answers with a hash that no node ever hears of.
  const unseen = `0x${randomBytes(32).toString("hex")}`;
  const first = await api.post(`${base}/confirm`, {
    optionId: stuck.id,
    results: [{ type: "walletRpc", data: [unseen] }],
  });
  expect(first.status).toBe(200);
  expect(first.body.status).toBe("requires_action");

  // The buyer's real transfer, signed now and broadcast only after its hash is confirmed, so that
  // only the confirm (never the watcher first) can fix its option.
  const [tx] = other.actions[0]!.data.params;
  expect(tx!.data).toBe(
    encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [merchantWallet, 2_000_000n] }),
  );
  const wallet = chain.wallet(3);
  const signed = await wallet.signTransaction(
    await wallet.prepareTransactionRequest({ to: tx!.to, data: tx!.data, value: BigInt(tx!.value) }),
  );
  const hash = keccak256(signed);
  const confirmOther = () =>
    api.post(`${base}/confirm`, { optionId: other.id, results: [{ type: "walletRpc", data: [hash] }] });

  // Within the window the first option holds.
  const early = await confirmOther();
  expect(early.status).toBe(400);
  expect(early.body.code).toBe("invalid_state");

  // The window cannot pass in a test: the first confirm is dated back past it.
  const datedBack = await runSql(
    `UPDATE "PaymentAttempt" SET "confirmedAt" = "confirmedAt" - $1::interval WHERE "id" = $2 AND "confirmedAt" IS NOT NULL`,
    `${unseenTransactionMs + 500} milliseconds`,
    stuck.id,
  );
  expect(datedBack.count).toBe(1);
  const switched = await confirmOther();
  expect(switched.status, JSON.stringify(switched.body)).toBe(200);
  expect(switched.body.status).toBe("requires_action");
  // The same confirm of the set-aside option answers the status; the switch is not undone.
  expect(
    (
      await api.post(`${base}/confirm`, {
        optionId: stuck.id,
        results: [{ type: "walletRpc", data: [unseen] }],
      })
    ).body.status,
  ).toBe("requires_action");

  await chain.public.sendRawTransaction({ serializedTransaction: signed });
  await chain.mine(3);
  await expect
    .poll(async () => (await api.get(`/v1/payments/${paymentId}/status`, { merchantId })).body.status, {
      timeout: 30_000,
    })
    .toBe("succeeded");
  expect((await api.get(`/v1/payments/${paymentId}/status`, { merchantId })).body.info.txId).toBe(hash);

  // The payment's timeline says which transaction never arrived and that another option replaced it.
  await signInAs(page, "support", "a");
  await page.goto(`/live/payments/${paymentId}`);
  const entry = page.getByTestId("payment-event").filter({ hasText: "payment.option_superseded" });
  await expect(entry).toContainText(
    "The wallet's transaction did not pay this payment; the buyer chose another option",
  );
  await expect(entry).toContainText("was not found on Base, mined or pending");
  await expect(entry).toContainText(unseen);
  await entry.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("option-superseded-timeline.png"), fullPage: true });
});
