import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import { createTestAccount, withTestDatabase } from "@/lib/core/testing/test-database";
import { recordBridgeOutcome } from "@/lib/platform/checkout/record-outcome";
import { getPaymentDetail } from "@/lib/domain/overview/get-payment-detail";
import { paymentTimeline } from "./payment-timeline";

withTestDatabase();

const usdc = "eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const payer = "0x52908400098527886E0F7030069857D2E4169EE7";

describe("the payment's history", () => {
  it("says an overpayment's excess was refunded to the payer's address, not that the price was refunded", async () => {
    const scope = await createTestAccount("live");
    const merchant = await db().merchant.create({
      data: { id: newId("mrch"), ...scope, name: "Shop", email: "shop@example.com" },
    });
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
      data: {
        id: newId("re"),
        ...scope,
        paymentId: payment.id,
        amountUnit: "iso4217/USD",
        amountValue: "31",
        excess: true,
        assetValue: "300000",
        status: "succeeded",
        txId: `0x${"ab".repeat(32)}`,
        createdBy: "user:x",
      },
    });
    const titles = (
      await paymentTimeline(db(), scope, payment, [], [{ ...refund, actorName: "support" }])
    ).map((e) => e.title);
    expect(titles).toEqual([
      "Refund of the excess 0.3 USDC requested",
      `Excess of 0.3 USDC refunded to ${payer}`,
    ]);
  });

  it("says which outcome the checkout sent to the app and through which bridges, in the buyer's name", async () => {
    const scope = await createTestAccount();
    const merchant = await db().merchant.create({
      data: { id: newId("mrch"), ...scope, name: "Shop", email: "shop@example.com" },
    });
    const payment = (status: "succeeded" | "expired") =>
      db().payment.create({
        data: {
          id: newId("pay"),
          ...scope,
          merchantId: merchant.id,
          referenceId: `app-${status}`,
          amountUnit: "iso4217/USD",
          amountValue: "1050",
          status,
          expiresAt: new Date(Date.now() + 900_000),
        },
      });
    const paid = await payment("succeeded");
    const expired = await payment("expired");
    await recordBridgeOutcome(paid.id, { outcome: "succeeded", bridges: ["NativeWebView"] });
    await recordBridgeOutcome(expired.id, {
      outcome: "expired",
      bridges: ["NativeWebView", "ReactNativeWebView"],
    });

    const [paidEntry] = (await getPaymentDetail(scope, paid.id)).timeline;
    expect(paidEntry).toMatchObject({
      title: "Outcome sent to the app: succeeded (NativeWebView)",
      code: "payment.bridge_outcome_posted",
      actor: "Buyer (checkout)",
    });
    expect((await getPaymentDetail(scope, expired.id)).timeline.map((e) => e.title)).toEqual([
      "Outcome sent to the app: expired (NativeWebView, ReactNativeWebView)",
    ]);
  });
});
