import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { newId } from "@/lib/db/ids";
import { createTestAccount, withTestDatabase } from "@/lib/testing/test-database";
import { paymentTimeline } from "./payment-timeline";

withTestDatabase();

const usdc = "eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const payer = "0x52908400098527886E0F7030069857D2E4169EE7";

describe("the payment's history", () => {
  it("says an overpayment's excess was refunded to the payer's address, not that the price was refunded", async () => {
    const scope = await createTestAccount("live");
    const merchant = await db().merchant.create({ data: { id: newId("mrch"), ...scope, name: "Shop", email: "shop@example.com" } });
    const payment = await db().payment.create({
      data: {
        id: newId("pay"),
        ...scope,
        merchantId: merchant.id,
        referenceId: "over-1",
        amountUnit: "iso4217/USD",
        amountValue: "2500",
        status: "succeeded",
        expiresAt: new Date(Date.now() + 900_000),
        optionAsset: usdc,
        optionValue: "25000000",
        payerAddress: payer,
        exceptionType: "overpaid",
        exceptionAsset: usdc,
        exceptionExpected: "25000000",
        exceptionReceived: "25300000",
      },
    });
    const refund = await db().refund.create({
      data: { id: newId("re"), ...scope, paymentId: payment.id, amountUnit: "iso4217/USD", amountValue: "31", excess: true, assetValue: "300000", status: "succeeded", txId: `0x${"ab".repeat(32)}`, createdBy: "user:x" },
    });
    const titles = (await paymentTimeline(db(), scope, payment, [], [{ ...refund, actorName: "support" }])).map((e) => e.title);
    expect(titles).toEqual(["Refund of the excess 0.3 USDC requested", `Excess of 0.3 USDC refunded to ${payer}`]);
  });
});
