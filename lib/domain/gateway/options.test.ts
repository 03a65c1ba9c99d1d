import crypto from "node:crypto";
import { getAddress } from "viem";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import { createTestAccount, withTestDatabase } from "@/lib/core/testing/test-database";
import { createTestMerchant, createTestPayment } from "@/lib/domain/testing/test-payment";
import { createGatewayOptions, maxOpenQuotesPerPayment } from "./options";

withTestDatabase();

const usdcBase = "eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const account = () => `eip155:8453:${getAddress(`0x${crypto.randomBytes(20).toString("hex")}`)}`;

async function payablePayment() {
  const scope = await createTestAccount();
  const merchant = await createTestMerchant(scope);
  await db().cryptoSettlement.create({
    data: {
      id: newId("crypto"),
      ...scope,
      merchantId: merchant.id,
      asset: usdcBase,
      destination: "eip155:8453:0x52908400098527886E0F7030069857D2E4169EE7",
    },
  });
  return createTestPayment(scope, merchant.id);
}

const quotes = (paymentId: string) => db().paymentAttempt.count({ where: { paymentId } });

describe("gateway options (quotes)", () => {
  it("answers an unexpired quote again for the same settlement and account, however often and concurrently asked", async () => {
    const payment = await payablePayment();
    const wallet = account();
    const [first] = await createGatewayOptions(payment, [wallet]);
    const again = await Promise.all(Array.from({ length: 5 }, () => createGatewayOptions(payment, [wallet])));
    expect(new Set(again.map(([o]) => o!.id))).toEqual(new Set([first!.id]));
    expect(again[0]![0]).toEqual(first);
    expect(await quotes(payment.id)).toBe(1);
    // Another account gets its own quote; the first one's is answered as before.
    const both = await createGatewayOptions(payment, [wallet, account()]);
    expect(both.map((o) => o.id)).toContain(first!.id);
    expect(await quotes(payment.id)).toBe(2);
  });

  it("makes a new quote once the old one has expired or is about to, or was confirmed", async () => {
    const payment = await payablePayment();
    const wallet = account();
    const [first] = await createGatewayOptions(payment, [wallet]);
    await db().paymentAttempt.update({
      where: { id: first!.id },
      data: { expiresAt: new Date(Date.now() + 30_000) },
    });
    const [second] = await createGatewayOptions(payment, [wallet]);
    expect(second!.id).not.toBe(first!.id);
    await db().paymentAttempt.update({
      where: { id: second!.id },
      data: { confirmedAt: new Date(), result: "0x" },
    });
    const [third] = await createGatewayOptions(payment, [wallet]);
    expect(new Set([first!.id, second!.id, third!.id]).size).toBe(3);
  });

  it(`refuses new quotes past ${maxOpenQuotesPerPayment} open ones on a payment with rate_limited and when to retry, still answering the open ones`, async () => {
    const payment = await payablePayment();
    const wallets = Array.from({ length: maxOpenQuotesPerPayment }, account);
    for (let i = 0; i < wallets.length; i += 20)
      await createGatewayOptions(payment, wallets.slice(i, i + 20));
    expect(await quotes(payment.id)).toBe(maxOpenQuotesPerPayment);
    const refused = createGatewayOptions(payment, [wallets[0]!, account()]);
    await expect(refused).rejects.toMatchObject({
      code: "rate_limited",
      status: 429,
      message: expect.stringContaining(`at most ${maxOpenQuotesPerPayment}`),
    });
    await expect(
      refused.catch((e: { details: { retryAfterSeconds: number } }) => e.details.retryAfterSeconds),
    ).resolves.toBeGreaterThan(200);
    expect(await quotes(payment.id)).toBe(maxOpenQuotesPerPayment);
    expect(await createGatewayOptions(payment, wallets.slice(0, 20))).toHaveLength(20);
    // Once they expire, the payment may be quoted again.
    await db().paymentAttempt.updateMany({
      where: { paymentId: payment.id },
      data: { expiresAt: new Date(Date.now() - 1_000) },
    });
    expect(await createGatewayOptions(payment, [account()])).toHaveLength(1);
  });
});
