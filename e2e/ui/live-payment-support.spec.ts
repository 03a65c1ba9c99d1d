import type { Page } from "@playwright/test";
import type { Address } from "viem";
import { expect, test } from "../support/api";
import { devAccounts, LocalChain, localCaip2 } from "../support/chain";
import { hydrated } from "../support/hydration";
import {
  buyer,
  chooseOption,
  livePayment,
  merchantIndex,
  merchantWallet,
  submit,
} from "../support/live-payments";
import { localChainRpc } from "../support/settings";
import { signInAs } from "../support/ui";

// Support staff attach transaction hashes to account B's live payments and refunds; each is checked
// on the local Hardhat chain (3 confirmations) before anything changes.
const chain = new LocalChain(localChainRpc);
const buyerAddress = devAccounts[buyer]!.address;
let token: Address;
let asset: string;

test.beforeAll(async () => {
  token = await chain.deployToken("SUSD", 6);
  asset = `${localCaip2}/erc20:${token}`;
  await chain.transferToken(token, buyerAddress, 10n ** 12n);
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

async function attach(page: Page, form: string, hash: string) {
  const section = page.getByRole("form", { name: form });
  await (await hydrated(section.getByLabel("Transaction hash"))).fill(hash);
  await section.getByRole("button", { name: "Verify and attach" }).click();
  return section;
}

test("support attaches the buyer's transaction to a live payment: a bad hash is refused beside the field, the exact transfer succeeds it", async ({
  page,
  apiAs,
  fixtures,
}) => {
  const api = apiAs({ "Api-Key": fixtures.accounts.b.keys.live });
  // The buyer never opened the checkout, so no option is fixed and the watcher is not looking for it.
  const { paymentId, settlementId } = await livePayment(api, asset, "1500000");
  const wrongDestination = await chain.transferToken(token, devAccounts[3]!.address, 1_500_000n, buyer);
  const paid = await chain.transferToken(token, merchantWallet, 1_500_000n, buyer);
  await chain.mine(3);

  await signInAs(page, "support", "b");
  await page.goto(`/live/payments/${paymentId}`);
  await expect(page.getByRole("heading", { name: "Attach a transaction" })).toBeVisible();

  let form = await attach(page, "Attach a transaction", "0x1234");
  await expect(
    form.getByText(
      "Must be a transaction hash (0x followed by 64 hexadecimal characters) or a Solana signature (base58).",
    ),
  ).toBeVisible();
  await expect(form.getByText("Choose the option the buyer paid with.")).toBeVisible();

  await form.getByLabel("Paid with").selectOption(settlementId);
  form = await attach(page, "Attach a transaction", wrongDestination);
  await expect(form.getByRole("alert")).toHaveText(
    "The transaction has no transfer of this token to the merchant's destination.",
  );
  await expect(form.getByLabel("Transaction hash")).toHaveAttribute("aria-invalid", "true");
  await shot(page, "attach-transaction-refused");

  form = await attach(page, "Attach a transaction", paid);
  await expect(page.getByText("Transaction verified: the payment succeeded")).toBeVisible();
  await expect(page.getByTestId("tx-id")).toHaveText(paid);
  await expect(page.getByRole("heading", { name: "Attach a transaction" })).toHaveCount(0);
  await expect(
    page.getByTestId("payment-event").filter({ hasText: "payment.transaction_submitted" }).first(),
  ).toContainText(fixtures.accounts.b.users.support.email);
  await shot(page, "attach-transaction-succeeded");
  // The history names the transfer seen on chain, with its explorer link.
  const transfer = page.getByTestId("timeline-entry").filter({ hasText: "received on Base in block" });
  await expect(transfer).toContainText(new RegExp(`from ${buyerAddress} to ${merchantWallet}`, "i"));
  await expect(transfer.getByRole("link")).toHaveAttribute("href", `https://basescan.org/tx/${paid}`);

  // Support finds it again from part of the transaction hash, or part of the payer's wallet in any case.
  for (const term of [paid.slice(12, 30), buyerAddress.slice(6, 20).toUpperCase()]) {
    await page.goto(`/live/payments?q=${term}`);
    await expect(page.getByTestId("payment-row")).toHaveCount(1);
    await expect(page.getByTestId("payment-row").getByRole("link")).toHaveAttribute(
      "href",
      `/live/payments/${paymentId}`,
    );
  }

  // The owner finds both attempts in the audit log.
  await signInAs(page, "owner", "b");
  await page.goto("/live/audit-log");
  await expect(
    page.getByTestId("audit-entry").filter({ hasText: "payment.transaction_attached" }),
  ).toHaveCount(2);
});

test("a live refund waits for the merchant's return transfer; support attaches it, and a short one is refused", async ({
  page,
  apiAs,
  fixtures,
}) => {
  const api = apiAs({ "Api-Key": fixtures.accounts.b.keys.live });
  const { paymentId, merchantId, settlementId } = await livePayment(api, asset, "4000000");
  await chooseOption(page.request, paymentId, settlementId);
  const payment = await chain.transferToken(token, merchantWallet, 4_000_000n, buyer);
  await chain.mine(3);
  expect((await submit(page.request, paymentId, settlementId, payment)).body.status).toBe("succeeded");
  expect((await api.get(`/v1/payments/${paymentId}/status`, { merchantId })).body.info.txId).toBe(payment);
  const refund = await api.post("/v1/refunds", {
    paymentId,
    amount: { unit: `caip19/${asset}`, value: "1000000" },
  });
  expect(refund.body.status).toBe("pending");

  // A viewer sees what is owed but cannot attach anything.
  await signInAs(page, "viewer", "b");
  await page.goto(`/live/payments/${paymentId}`);
  await expect(page.getByTestId("refund-instructions")).toContainText(
    `from ${merchantWallet} to the buyer at ${buyerAddress}`,
  );
  await expect(page.getByRole("form", { name: "Attach the return transfer" })).toHaveCount(0);

  const short = await chain.transferToken(token, buyerAddress, 999_999n, merchantIndex);
  await chain.mine(3);
  await signInAs(page, "support", "b");
  await page.goto(`/live/payments/${paymentId}`);
  await expect(page.getByTestId("refund-instructions")).toContainText(
    new RegExp(`1000000 units of ${token.slice(0, 6)}…${token.slice(-4)}`, "i"),
  );
  const form = await attach(page, "Attach the return transfer", short);
  await expect(form.getByRole("alert")).toContainText("Underpaid: 999999 received, 1000000 expected");
  await expect(page.getByTestId("refund").getByText("pending")).toBeVisible();
  await shot(page, "refund-transfer-refused");

  const returned = await chain.transferToken(token, buyerAddress, 1_000_000n, merchantIndex);
  await chain.mine(3);
  await attach(page, "Attach the return transfer", returned);
  await expect(page.getByTestId("refund").getByText("succeeded")).toBeVisible();
  await expect(page.getByTestId("refund")).toContainText(returned);
  await shot(page, "refund-transfer-verified");
});

test("support asks why a transaction did not match: paid, short, wrong token, not ours, unknown; and finds a payer's payments", async ({
  page,
  apiAs,
  fixtures,
  request,
}) => {
  const api = apiAs({ "Api-Key": fixtures.accounts.b.keys.live });
  const open = await livePayment(api, asset, "2500000");
  await chooseOption(request, open.paymentId, open.settlementId);
  const other = await chain.deployToken("OTHR", 6);
  await chain.transferToken(other, buyerAddress, 10n ** 9n);
  const short = await chain.transferToken(token, merchantWallet, 2_400_000n, buyer);
  const wrongToken = await chain.transferToken(other, merchantWallet, 2_500_000n, buyer);
  const notOurs = await chain.transferToken(token, devAccounts[4]!.address, 2_500_000n, buyer);
  const paid = await chain.transferToken(token, merchantWallet, 2_500_000n, buyer);
  await chain.mine(3);
  expect((await submit(request, open.paymentId, open.settlementId, paid)).body.status).toBe("succeeded");

  await signInAs(page, "support", "b");
  await page.goto("/live/payments");
  await page.getByRole("link", { name: "Find a transaction" }).click();
  const lookup = async (q: string) => {
    await (await hydrated(page.getByLabel("Transaction hash or wallet address"))).fill(q);
    await page.getByRole("button", { name: "Look up" }).click();
    await expect(page).toHaveURL(new RegExp(`q=${q}`));
  };
  await lookup(paid);
  await expect(page.getByTestId("lookup-verdict")).toContainText(`Paid ${open.paymentId}`);
  await lookup(short);
  await expect(page.getByTestId("lookup-verdict")).toContainText(
    `${open.paymentId}Short: 2400000 sent, 2500000 quoted`,
  );
  await shot(page, "lookup-short");
  await lookup(wrongToken);
  await expect(page.getByTestId("lookup-verdict")).toContainText("Wrong token: this wallet is paid in");
  await lookup(notOurs);
  await expect(page.getByTestId("lookup-verdict")).toContainText(
    "moved no funds to any wallet of this account",
  );
  await lookup(`0x${"ab".repeat(32)}`);
  await expect(page.getByTestId("lookup-verdict")).toContainText("No transaction with this hash on Base");
  await lookup("0x1234");
  await expect(page.locator("#lookup-q-error")).toContainText("Enter a transaction hash");

  await lookup(buyerAddress);
  await expect(
    page.getByTestId("lookup-payment").filter({ has: page.locator(`a[href$="${open.paymentId}"]`) }),
  ).toHaveCount(1);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, "lookup-payer-390");
});
