import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "../support/api";
import type { RoleName } from "../support/fixtures-data";
import { hydrated } from "../support/hydration";
import { createMerchant } from "../support/merchants";
import { baseURL } from "../support/settings";
import { signInAs } from "../support/ui";

// Information capture: an owner asks for buyer details in the merchant's form; a wallet sends them
// with confirm; owners, admins and support read them on the payment's page and in the export,
// developers do not.

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

async function pageAs(browser: Browser, role: RoleName) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInAs(page, role);
  return page;
}

test("an owner asks for buyer details from $1,000; a wallet's details are on the payment's page and in the export for owners and support only", async ({
  api,
  browser,
}) => {
  const merchant = await createMerchant(api, { withUsdc: true });
  const owner = await pageAs(browser, "owner");
  await owner.goto(`/test/merchants/${merchant.id}`);
  await expect(owner.getByTestId("collect-data")).toHaveText("Buyer details collected: none");
  await (await hydrated(owner.getByRole("button", { name: "Edit", exact: true }))).click();
  const edit = owner.getByRole("dialog", { name: "Edit merchant" });
  await edit.getByLabel("Buyer's full name").check();
  await edit.getByLabel("Buyer's date of birth").check();
  await edit.getByLabel("Only for payments of at least (USD, optional)").fill("ten");
  await expect(edit.getByText("Enter an amount in dollars, such as 1000 or 1000.50.")).toBeVisible();
  await edit.getByLabel("Only for payments of at least (USD, optional)").fill("1000");
  await shot(owner, "information-capture-form");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(owner.getByTestId("collect-data")).toHaveText(
    "Buyer details collected: Full name, Date of birth (payments of $1,000.00 or more)",
  );
  expect((await api.get(`/v1/merchants/${merchant.id}`)).body.merchant.collectData).toEqual({
    fields: ["fullName", "dob"],
    minAmount: { unit: "iso4217/USD", value: "100000" },
  });

  // A wallet pays $2,500 with the details (the Gateway's options → sign → confirm).
  const payment = (
    await api.post(
      "/v1/payments",
      { referenceId: `ic-ui-${Date.now()}`, amount: { unit: "iso4217/USD", value: "250000" } },
      { merchantId: merchant.id },
    )
  ).body;
  const wallet = privateKeyToAccount(generatePrivateKey());
  const options = (
    await api.post(`/v1/gateway/payment/${payment.id}/options`, {
      accounts: [`eip155:8453:${wallet.address}`],
    })
  ).body;
  expect(options.collectData.fields.map((f: { id: string }) => f.id)).toEqual(["fullName", "dob"]);
  const typed = JSON.parse(options.options[0].actions[0].data.params[1]);
  const types = Object.fromEntries(
    Object.entries(typed.types).filter(([name]) => name !== "EIP712Domain"),
  ) as Record<string, { name: string; type: string }[]>;
  const signature = await wallet.signTypedData({
    domain: typed.domain,
    types,
    primaryType: typed.primaryType,
    message: typed.message,
  });
  const confirmed = await api.post(`/v1/gateway/payment/${payment.id}/confirm`, {
    optionId: options.options[0].id,
    results: [{ type: "walletRpc", data: [signature] }],
    collectedData: {
      fields: [
        { id: "fullName", value: "Grace Hopper" },
        { id: "dob", value: "1906-12-09" },
      ],
    },
  });
  expect(confirmed.body.status).toBe("succeeded");

  await owner.goto(`/test/payments/${payment.id}`);
  const details = owner.getByTestId("buyer-details");
  await expect(details).toContainText("Full name");
  await expect(details).toContainText("Grace Hopper");
  await expect(details).toContainText("1906-12-09");
  await shot(owner, "information-capture-payment");
  const ownerCsv = await (await owner.request.get(`/test/payments/export?q=${payment.id}`)).text();
  expect(ownerCsv.split("\r\n")[0]).toContain("buyer_full_name,buyer_date_of_birth");
  expect(ownerCsv).toContain("Grace Hopper");
  expect(ownerCsv).toContain("1906-12-09");

  const support = await pageAs(browser, "support");
  await support.goto(`/test/payments/${payment.id}`);
  await expect(support.getByTestId("buyer-details")).toContainText("Grace Hopper");

  const developer = await pageAs(browser, "developer");
  await developer.goto(`/test/payments/${payment.id}`);
  await expect(developer.getByTestId("buyer-details")).toContainText(
    "Only owners, admins and support can see the buyer's details.",
  );
  await expect(developer.getByTestId("buyer-details")).not.toContainText("Grace Hopper");
  await developer.setViewportSize({ width: 390, height: 844 });
  await shot(developer, "information-capture-developer-390");
  const developerCsv = await (await developer.request.get(`/test/payments/export?q=${payment.id}`)).text();
  expect(developerCsv).not.toContain("buyer_full_name");
  expect(developerCsv).not.toContain("Grace Hopper");
});
