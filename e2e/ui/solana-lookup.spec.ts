import { expect, test } from "../support/api";
import { hydrated } from "../support/hydration";
import { solanaMerchantPayment } from "../support/solana-payments";
import { localSolanaChainId, solanaRelayer, solanaTestMints } from "../support/solana-settings";
import {
  airdrop,
  mintTokens,
  newSolanaWallet,
  payTransferRequest,
  signOffered,
} from "../support/solana-wallet";
import { signInAs } from "../support/ui";

// Support's "find a transaction" with Solana signatures: base58, so their case is kept from the
// field to the node and the database (an EVM hash is lower-cased; a signature lower-cased is another).

const usdc = `${localSolanaChainId}/token:${solanaTestMints.USDC}`;

test("support looks up Solana signatures: the gateway payment's names its payment, a wrong token is explained", async ({
  page,
  apiAs,
  fixtures,
}) => {
  const api = apiAs({ "Api-Key": fixtures.accounts.b.keys.live });
  const { merchant, paymentId } = await solanaMerchantPayment(api, usdc, {
    unit: "iso4217/USD",
    value: "250",
  });
  const buyer = await newSolanaWallet();
  await mintTokens(solanaTestMints.USDC, buyer.address, 10_000_000n);
  const options = await api.post(`/v1/gateway/payment/${paymentId}/options`, {
    accounts: [`${localSolanaChainId}:${buyer.address}`],
  });
  const [option] = options.body.options as {
    id: string;
    actions: { data: { params: [{ transaction: string }] } }[];
  }[];
  const confirmed = await api.post(`/v1/gateway/payment/${paymentId}/confirm?maxPollMs=10000`, {
    optionId: option!.id,
    results: [
      { type: "walletRpc", data: [await signOffered(buyer, option!.actions[0]!.data.params[0].transaction)] },
    ],
  });
  expect(confirmed.body, JSON.stringify(confirmed.body)).toMatchObject({ status: "succeeded" });
  const paid = confirmed.body.info.txId as string;
  expect(paid).toMatch(/[A-Z]/);

  // USDT sent to the merchant's wallet, which is paid in USDC.
  await mintTokens(solanaTestMints.USDT, buyer.address, 10_000_000n);
  await airdrop(buyer.address, 100_000_000n);
  const wrongToken = await payTransferRequest(
    buyer,
    `solana:${merchant}?amount=2.5&spl-token=${solanaTestMints.USDT}`,
  );
  expect(wrongToken).toMatch(/[A-Z]/);

  await signInAs(page, "support", "b");
  await page.goto("/live/payments/lookup");
  const lookup = async (q: string) => {
    await (await hydrated(page.getByLabel("Transaction hash or wallet address"))).fill(q);
    await page.getByRole("button", { name: "Look up" }).click();
    await expect(page).toHaveURL(new RegExp(`q=${q}`));
  };
  await lookup(paid);
  await expect(page.getByTestId("lookup-verdict")).toContainText(`Paid ${paymentId}`);
  // From the buyer, whose USDC moved, not from Tollgate's fee payer, who paid the fee.
  const transfer = page.getByTestId("lookup-transfer").filter({ hasText: `to ${merchant}` });
  await expect(transfer).toContainText(`from ${buyer.address} to ${merchant}`);
  await expect(transfer).not.toContainText((await solanaRelayer()).address);
  await lookup(wrongToken);
  await expect(page.getByTestId("lookup-verdict")).toContainText(
    `Wrong token: this wallet is paid in ${usdc}, not ${localSolanaChainId}/token:${solanaTestMints.USDT}`,
  );
  await page.screenshot({ path: test.info().outputPath("solana-lookup.png"), fullPage: true });
  // A signature the node never saw: "not found", on the configured networks including Solana.
  await lookup(paid.slice(0, -4) + (paid.endsWith("2222") ? "3333" : "2222"));
  await expect(page.getByTestId("lookup-verdict")).toContainText("Not found");
});
