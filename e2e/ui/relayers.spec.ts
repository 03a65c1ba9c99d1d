import { expect, test } from "@playwright/test";
import { LocalChain, localCaip2, relayerAddress } from "../support/chain";
import { localChainRpc } from "../support/settings";
import { signInAs } from "../support/ui";

const chain = new LocalChain(localChainRpc);

test("the live developers page shows each chain's gasless relayer and its gas, and warns when it runs low", async ({
  page,
}) => {
  await signInAs(page, "developer");
  await page.goto("/live/developers");
  const row = page.getByTestId(`relayer-${localCaip2}`);
  await expect(row).toContainText(relayerAddress);
  await expect(row).toContainText(" ETH");
  await expect(row.getByRole("alert")).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("relayers.png"), fullPage: true });

  const funds = await chain.public.getBalance({ address: relayerAddress });
  await chain.setBalance(relayerAddress, 1_000n);
  try {
    await page.reload();
    await expect(row.getByRole("alert")).toContainText("Low: fewer than 20 payments' gas left.");
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath("relayers-low-390.png"), fullPage: true });
  } finally {
    await chain.setBalance(relayerAddress, funds);
  }

  // Test mode submits nothing on-chain, so it has no relayers to show.
  await page.goto("/test/developers");
  await expect(page.getByRole("heading", { name: "API keys" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Gasless relayers" })).toHaveCount(0);
});
