import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { SignClient } from "@walletconnect/sign-client";
import { encodeFunctionData, erc20Abi, getAddress, type Address, type Hex } from "viem";
import { decideNavigation } from "@/lib/core/bridge/decide-navigation";
import { expect, test } from "../support/api";
import {
  apiStatus,
  bridgeMessages,
  checkoutViewport,
  installBridge,
  newCheckoutPayment,
  successMessage,
  watchCspViolations,
} from "../support/checkout";
import { devAccounts, LocalChain, localCaip2, signTypedJson } from "../support/chain";
import { axeFindings } from "../support/axe";
import { buyer, livePayment, merchantWallet } from "../support/live-payments";
import { sampleAddress } from "../support/merchants";
import { localChainRpc, walletConnectProjectId, walletConnectRelayPort } from "../support/settings";
import { startWalletConnectRelay, type WalletConnectRelay } from "../support/walletconnect-relay";

// "Pay with WalletConnect" on a live checkout, against a real wallet implementation: WalletConnect's
// own SDK (@walletconnect/sign-client) plays the buyer's phone wallet, paying on the local chain.
// Only the relay is a local stand-in, since relay.walletconnect.org cannot be reached from here.
test.use({ viewport: checkoutViewport });

const chain = new LocalChain(localChainRpc);
const buyerAddress = devAccounts[buyer]!.address;
let token: Address;
let asset: string;
let relay: WalletConnectRelay;
let wallet: InstanceType<typeof SignClient>;
/** What the wallet does with the next transaction it is asked to send. */
let answer: "send" | "reject" = "send";
/** Runs when the wallet has sent the transaction, before it answers the page. */
let beforeAnswer: () => void = () => {};
const proposals: {
  proposer: { metadata: Record<string, unknown> };
  optionalNamespaces: Record<string, { chains: string[]; methods: string[] }>;
}[] = [];
const requests: {
  method: string;
  params: { from: Address; to: Address; value?: Hex; data?: Hex }[];
  expiryTimestamp?: number;
}[] = [];
const sent: Hex[] = [];

test.beforeAll(async () => {
  token = await chain.deployToken("WUSD", 6);
  asset = `${localCaip2}/erc20:${token}`;
  await chain.transferToken(token, buyerAddress, 10n ** 12n);
  relay = await startWalletConnectRelay(walletConnectRelayPort);
  wallet = await SignClient.init({
    projectId: walletConnectProjectId,
    relayUrl: relay.url,
    metadata: {
      name: "Test Wallet",
      description: "The buyer's wallet app",
      url: "https://wallet.example",
      icons: [],
    },
    logger: "silent",
    storageOptions: {
      database: path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tollgate-wallet-")), "wc.db"),
    },
  });
  wallet.on("session_proposal", async ({ id, params }) => {
    proposals.push(params as never);
    await wallet.approve({
      id,
      namespaces: {
        eip155: {
          chains: [localCaip2],
          methods: ["eth_sendTransaction", "eth_signTypedData_v4"],
          events: ["chainChanged", "accountsChanged"],
          accounts: [`${localCaip2}:${buyerAddress}`],
        },
      },
    });
  });
  wallet.on("session_request", async ({ id, topic, params }) => {
    const request = params.request as (typeof requests)[number];
    requests.push(request);
    if (answer === "reject")
      return void (await wallet.respond({
        topic,
        response: { id, jsonrpc: "2.0", error: { code: 5000, message: "User rejected." } },
      }));
    // A test payment asks for a gasless authorization: the wallet signs it and sends nothing.
    if (request.method === "eth_signTypedData_v4") {
      const signature = await signTypedJson(devAccounts[buyer]!, request.params[1] as unknown as string);
      return void (await wallet.respond({ topic, response: { id, jsonrpc: "2.0", result: signature } }));
    }
    const [tx] = request.params;
    const hash = await chain
      .wallet(buyer)
      .sendTransaction({ to: tx!.to, data: tx!.data, value: BigInt(tx!.value ?? 0) });
    await chain.public.waitForTransactionReceipt({ hash });
    sent.push(hash);
    beforeAnswer();
    await wallet.respond({ topic, response: { id, jsonrpc: "2.0", result: hash } });
  });
});

test.afterAll(async () => {
  await wallet?.core.relayer.transportClose().catch(() => {});
  await relay?.close();
});

/** The buyer presses the button; the page shows a pairing, which the wallet app takes (as if scanned). */
async function pairFromPage(page: Page) {
  await page.getByRole("button", { name: "Pay with WalletConnect" }).click();
  const pairing = page.getByTestId("walletconnect-pairing");
  // The SDK is fetched and connects to the relay first: seconds on a busy machine.
  await expect(pairing.getByRole("img", { name: "WalletConnect QR code" })).toBeVisible({ timeout: 20_000 });
  const uri = (await pairing.getAttribute("data-uri"))!;
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?expiryTimestamp=\d+&relay-protocol=irn&symKey=[0-9a-f]{64}$/);
  return { pairing, uri };
}

test("Pay with WalletConnect pairs with a wallet app through the relay, and the transfer the wallet sends pays the payment", async ({
  page,
  apiAs,
  fixtures,
}) => {
  const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
  const { merchantId, paymentId } = await livePayment(api, asset, "2500000");
  const violations = watchCspViolations(page);
  await installBridge(page);
  answer = "send";
  const submissions: unknown[] = [];
  const sdkLoads: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/wallet/confirm")) submissions.push(request.postDataJSON());
    if (/\/pay\/assets\/walletconnect\.[0-9a-f]{16}\.js$/.test(request.url())) sdkLoads.push(request.url());
  });
  await page.goto(
    `/pay/${paymentId}?returnUrl=${encodeURIComponent("myapp://orders/42")}&preferUniversalLinks=1`,
    { waitUntil: "networkidle" },
  );
  // WalletConnect's SDK is its own script, fetched only once the buyer chooses WalletConnect.
  expect(sdkLoads).toEqual([]);

  const { pairing, uri } = await pairFromPage(page);
  expect(sdkLoads).toHaveLength(1);
  // Wallet links carry the pairing, as https universal links since the app asked for them; inside a
  // web view, lib/core/bridge hands each of them to the operating system. A bare wc: link, which a web
  // view would block, is not offered there.
  const links = await pairing
    .getByRole("link")
    .evaluateAll((as) => as.map((a) => ({ name: a.textContent, href: a.getAttribute("href")! })));
  expect(links).toContainEqual({
    name: "MetaMask",
    href: `https://metamask.app.link/wc?uri=${encodeURIComponent(uri)}`,
  });
  expect(links.map((l) => l.name)).toEqual(["MetaMask", "Trust Wallet", "Rainbow", "Zerion"]);
  for (const link of links) expect(decideNavigation(link.href), link.href).toBe("forward-to-os");
  await page.screenshot({ path: test.info().outputPath("walletconnect-pairing.png"), fullPage: true });

  await wallet.pair({ uri });
  // The page hands the wallet's hash to the server, which finds the transfer with one of its three
  // confirmations: the payment is being confirmed.
  await expect(page.getByTestId("payment-status")).toHaveAttribute("data-status", "processing", {
    timeout: 20_000,
  });
  await expect(page.getByRole("status")).toContainText("Your payment was seen and is being confirmed.");
  await expect(pairing).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("walletconnect-confirming.png"), fullPage: true });

  // The wallet saw the merchant and the way back to the app, and was asked for exactly this transfer.
  const proposal = proposals.at(-1)!;
  expect(proposal.proposer.metadata).toMatchObject({
    name: "Live Shop",
    redirect: { native: "myapp://orders/42" },
  });
  expect(proposal.optionalNamespaces.eip155).toMatchObject({
    chains: [localCaip2],
    methods: ["eth_sendTransaction", "eth_signTypedData_v4"],
  });
  const transfer = encodeFunctionData({
    abi: erc20Abi,
    functionName: "transfer",
    args: [merchantWallet, 2_500_000n],
  });
  expect(requests.at(-1)).toEqual({
    method: "eth_sendTransaction",
    params: [{ from: buyerAddress, to: getAddress(token), value: "0x0", data: transfer }],
    expiryTimestamp: expect.any(Number),
  });
  const hash = sent.at(-1)!;
  // Through the Gateway's confirm, as any wallet pays.
  expect(submissions, "the page handed the wallet's hash to the server").toEqual([
    { optionId: expect.stringMatching(/^opt_/), results: [{ type: "walletRpc", data: [hash] }] },
  ]);

  // Verified on-chain like any payment: paid once the transfer has its confirmations.
  await chain.mine(3);
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible({ timeout: 30_000 });
  // A token Tollgate does not list is named as its contract names itself.
  await expect(page.getByText("WUSD on Base")).toBeVisible();
  expect((await apiStatus(api, paymentId, merchantId)).info?.txId).toBe(hash);
  expect((await bridgeMessages(page)).map((m) => m.message)).toEqual([successMessage]);
  expect(violations).toEqual([]);
});

test("a wallet that rejects the payment, or a buyer who cancels the pairing, is told so and can try again; nothing is recorded", async ({
  page,
  apiAs,
  fixtures,
}) => {
  const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
  const { merchantId, paymentId } = await livePayment(api, asset, "1000000");
  answer = "reject";
  await page.goto(`/pay/${paymentId}`);

  const cancelled = await pairFromPage(page);
  // One code to scan at a time: the option's EIP-681 code steps aside while the pairing shows.
  await expect(page.getByTestId("payment-qr")).toBeHidden();
  await cancelled.pairing.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("alert")).toHaveText("You cancelled the connection.");
  await expect(cancelled.pairing).toHaveCount(0);
  await expect(page.getByTestId("payment-qr")).toBeVisible();

  const { uri } = await pairFromPage(page);
  // Without preferUniversalLinks the wallets' own schemes are used; outside a web view the bare
  // pairing URI is offered too, for whichever wallet the phone has.
  await expect(page.getByRole("link", { name: "MetaMask" })).toHaveAttribute(
    "href",
    `metamask://wc?uri=${encodeURIComponent(uri)}`,
  );
  await expect(page.getByRole("link", { name: "Other wallet" })).toHaveAttribute("href", uri);
  await wallet.pair({ uri });
  await expect(page.getByRole("alert")).toHaveText("You declined the request in your wallet.", {
    timeout: 20_000,
  });
  await expect(page.getByRole("button", { name: "Pay with WalletConnect" })).toBeEnabled();
  await page.screenshot({ path: test.info().outputPath("walletconnect-rejected.png"), fullPage: true });
  expect((await apiStatus(api, paymentId, merchantId)).status).toBe("requires_action");
});

test("a session the wallet approved survives a reload: the buyer pays after reloading without pairing again", async ({
  page,
  apiAs,
  fixtures,
}) => {
  const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
  const { merchantId, paymentId } = await livePayment(api, asset, "1500000");
  const violations = watchCspViolations(page);
  await page.goto(`/pay/${paymentId}`);
  // The buyer pairs and the wallet approves the session, but the first request is declined.
  answer = "reject";
  const { uri } = await pairFromPage(page);
  await wallet.pair({ uri });
  await expect(page.getByRole("alert")).toHaveText("You declined the request in your wallet.", {
    timeout: 20_000,
  });
  const proposalCount = proposals.length;
  const requestCount = requests.length;

  answer = "send";
  await page.reload();
  await page.getByRole("button", { name: "Pay with WalletConnect" }).click();
  // The session kept in the browser is used: no pairing is shown, the wallet sees no new proposal,
  // and its next request is this payment's transfer.
  await expect(page.getByTestId("payment-status")).toHaveAttribute("data-status", "processing", {
    timeout: 20_000,
  });
  await expect(page.getByTestId("walletconnect-pairing")).toHaveCount(0);
  expect(proposals).toHaveLength(proposalCount);
  expect(requests).toHaveLength(requestCount + 1);
  expect(requests.at(-1)!.params[0]!.data).toBe(
    encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [merchantWallet, 1_500_000n] }),
  );
  await page.screenshot({ path: test.info().outputPath("walletconnect-after-reload.png"), fullPage: true });

  await chain.mine(3);
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible({ timeout: 30_000 });
  expect((await apiStatus(api, paymentId, merchantId)).info?.txId).toBe(sent.at(-1));
  expect(violations).toEqual([]);
});

test("the relay connection drops while the wallet is paying (as when a phone switches to the wallet app), and the payment still completes", async ({
  page,
  apiAs,
  fixtures,
}) => {
  const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
  const { merchantId, paymentId } = await livePayment(api, asset, "3000000");
  const violations = watchCspViolations(page);
  answer = "send";
  await page.goto(`/pay/${paymentId}`);
  const origin = new URL(page.url()).origin;
  const { uri } = await pairFromPage(page);
  const connections = relay.connectionsFrom(origin);
  // The page's socket is cut after the wallet sent the transfer and before its answer reaches the page.
  beforeAnswer = () => relay.dropConnectionsFrom(origin);
  try {
    await wallet.pair({ uri });
    await expect(page.getByTestId("payment-status")).toHaveAttribute("data-status", "processing", {
      timeout: 30_000,
    });
  } finally {
    beforeAnswer = () => {};
  }
  // The page reconnected to the relay on its own and received the answer held there for it.
  expect(relay.connectionsFrom(origin)).toBeGreaterThan(connections);
  await page.screenshot({ path: test.info().outputPath("walletconnect-after-drop.png"), fullPage: true });

  await chain.mine(3);
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible({ timeout: 30_000 });
  expect((await apiStatus(api, paymentId, merchantId)).info?.txId).toBe(sent.at(-1));
  await page.screenshot({ path: test.info().outputPath("walletconnect-paid.png"), fullPage: true });
  expect(violations).toEqual([]);
});

test("a pairing that no wallet takes within its five minutes says so, and the button works again", async ({
  page,
  apiAs,
  fixtures,
}) => {
  const api = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
  const { paymentId } = await livePayment(api, asset, "1000000");
  await page.clock.install();
  await page.goto(`/pay/${paymentId}`);
  const { pairing } = await pairFromPage(page);
  await page.clock.fastForward("05:01");
  await expect(page.getByRole("alert")).toHaveText(
    "The connection request expired before a wallet took it. Try again.",
  );
  await expect(pairing).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Pay with WalletConnect" })).toBeEnabled();
});

test("test mode rehearses WalletConnect: the page pairs with the wallet app through the relay, the wallet signs, and the payment succeeds with nothing sent (issue 33)", async ({
  page,
  api,
}) => {
  const { merchant, payment, path } = await newCheckoutPayment(api, { name: "Rehearsal Relay" });
  const violations = watchCspViolations(page);
  const sentBefore = sent.length;
  const proposalsBefore = proposals.length;
  answer = "send";
  await page.goto(path);
  // The live checkout's WalletConnect button, with the simulator beside it.
  await expect(page.getByRole("region", { name: "Simulator · test mode only" })).toBeVisible();
  const { uri } = await pairFromPage(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    checkoutViewport.width,
  );
  expect(await axeFindings(page)).toEqual([]);
  await page.screenshot({
    path: test.info().outputPath("walletconnect-test-pairing-390.png"),
    fullPage: true,
  });

  await wallet.pair({ uri });
  const outcome = page.getByTestId("payment-outcome");
  await expect(outcome).toHaveAttribute("data-status", "succeeded", { timeout: 30_000 });
  await expect(outcome.getByRole("heading")).toHaveText("Payment successful");
  await page.screenshot({ path: test.info().outputPath("walletconnect-test-paid-390.png"), fullPage: true });
  // A real pairing through the relay: the wallet saw the merchant and was asked for one signature,
  // an authorization of exactly this payment to the merchant's wallet.
  expect(proposals).toHaveLength(proposalsBefore + 1);
  expect(proposals.at(-1)!.proposer.metadata).toMatchObject({ name: "Rehearsal Relay" });
  const asked = requests.at(-1)!;
  expect(asked.method).toBe("eth_signTypedData_v4");
  const typed = JSON.parse(asked.params[1] as unknown as string) as {
    message: { from: string; to: string; value: string | number };
  };
  expect(typed.message.from.toLowerCase()).toBe(buyerAddress.toLowerCase());
  expect(typed.message.to.toLowerCase()).toBe(sampleAddress.toLowerCase());
  expect(String(typed.message.value)).toBe("10500000");
  // Verified as in live mode, and nothing was sent: not by the wallet, not by Tollgate.
  expect(sent).toHaveLength(sentBefore);
  expect(await apiStatus(api, payment.id, merchant.id)).toMatchObject({
    status: "succeeded",
    info: { txId: `test:${payment.id}` },
  });
  expect(violations).toEqual([]);
});
