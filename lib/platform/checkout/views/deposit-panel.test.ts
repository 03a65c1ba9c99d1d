import { describe, expect, it } from "vitest";
import type { Checkout } from "@/lib/platform/checkout/get-checkout";
import { paymentRequest } from "@/lib/platform/checkout/payment-request";
import { depositPanel } from "./deposit-panel";

const token = "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0";
const deposit = "0x850452318a2fb9da97d6898d546B30809BF8caCA";
const option = (asset: string, networkName: string, received: string | null) => ({
  settlementId: `crypto_${networkName}`,
  asset,
  assetSymbol: "USDC",
  assetName: "USD Coin",
  networkName,
  amount: "10 USDC",
  request: null,
  deposit: {
    address: deposit,
    request: paymentRequest(asset, `${asset.split("/")[0]}:${deposit}`, "4000000")!,
    due: "4 USDC",
    received,
  },
});

describe("depositPanel", () => {
  it("offers each network's deposit address in the options' order, with the EIP-681 transfer of what is due and copy buttons", () => {
    const checkout = {
      options: [
        option(`eip155:8453/erc20:${token}`, "Base", "6 USDC"),
        option(`eip155:1/erc20:${token}`, "Ethereum", null),
      ],
    } as unknown as Checkout;
    const html = String(depositPanel(checkout));
    expect(html).toContain(`href="ethereum:${token}@8453/transfer?address=${deposit}&amp;uint256=4000000"`);
    expect(html).toContain("Received <strong>6 USDC</strong>. Still due: <strong>4 USDC</strong>");
    expect(html).toContain(`data-copy="${deposit}"`);
    expect(html).toContain('data-copy="4"');
    expect(html.indexOf("on Base")).toBeLessThan(html.indexOf("on Ethereum"));
    expect(html.match(/data-testid="deposit-still-due"/g)).toHaveLength(1);
  });

  it("renders nothing for a payment without deposit addresses", () => {
    expect(String(depositPanel({ options: [] } as unknown as Checkout))).toBe("");
  });
});
