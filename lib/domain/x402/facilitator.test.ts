import { getAddress, toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { readContext } from "@/lib/domain/context/call-context";
import { db } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import { authorizationTypes } from "@/lib/domain/gateway/eip3009";
import type { X402Requirements } from "@/lib/domain/schemas/x402";
import { createTestAccount, withTestDatabase } from "@/lib/core/testing/test-database";
import { settleX402, verifyX402 } from "./facilitator";

withTestDatabase();

const usdc = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" as const;
const payTo = "0x52908400098527886E0F7030069857D2E4169EE7" as const;
const requirements: X402Requirements = {
  scheme: "exact",
  network: "eip155:8453",
  amount: "500000",
  asset: usdc,
  payTo,
  maxTimeoutSeconds: 60,
  extra: { name: "USD Coin", version: "2" },
};

async function merchantWithUsdc() {
  const scope = await createTestAccount();
  const merchant = await db().merchant.create({
    data: { id: newId("mrch"), ...scope, name: "Agent API", email: "api@example.com" },
  });
  await db().cryptoSettlement.create({
    data: {
      id: newId("crypto"),
      ...scope,
      merchantId: merchant.id,
      asset: `eip155:8453/erc20:${usdc}`,
      destination: `eip155:8453:${payTo}`,
    },
  });
  return { scope, merchantId: merchant.id };
}

/** What an x402 client sends: an EIP-3009 authorization to payTo, signed over USDC's domain on Base. */
async function request(value = 500_000n) {
  const agent = privateKeyToAccount(generatePrivateKey());
  const authorization = {
    from: agent.address,
    to: getAddress(payTo),
    value,
    validAfter: 0n,
    validBefore: BigInt(Math.floor(Date.now() / 1000) + 60),
    nonce: toHex(crypto.getRandomValues(new Uint8Array(32))),
  };
  const signature = await agent.signTypedData({
    domain: { name: "USD Coin", version: "2", chainId: 8453, verifyingContract: usdc },
    types: authorizationTypes,
    primaryType: "TransferWithAuthorization",
    message: authorization,
  });
  const payload = {
    signature,
    authorization: {
      ...authorization,
      value: value.toString(),
      validAfter: "0",
      validBefore: authorization.validBefore.toString(),
    },
  };
  return {
    agent,
    body: {
      x402Version: 2,
      paymentPayload: {
        x402Version: 2,
        resource: { url: "https://api.example.com/report" },
        accepted: requirements,
        payload,
      },
      paymentRequirements: requirements,
    },
  };
}

describe("the x402 facilitator (test mode)", () => {
  it("settles a verified authorization as a succeeded payment of the merchant, once: the same authorization again is refused", async () => {
    const { scope, merchantId } = await merchantWithUsdc();
    const { agent, body } = await request();
    expect(await verifyX402(scope, merchantId, body)).toEqual({ isValid: true, payer: agent.address });
    const settled = await settleX402(readContext(scope, "system"), merchantId, body);
    expect(settled).toMatchObject({
      success: true,
      network: "eip155:8453",
      payer: agent.address,
      transaction: expect.stringMatching(/^test:pay_/),
    });
    const payment = await db().payment.findUniqueOrThrow({ where: { id: settled.extra!.paymentId } });
    expect(payment).toMatchObject({
      merchantId,
      status: "succeeded",
      txId: settled.transaction,
      referenceId: "https://api.example.com/report",
      payerAddress: agent.address,
    });
    expect(await db().x402Payment.findMany({ where: { paymentId: payment.id } })).toEqual([
      expect.objectContaining({ resourceUrl: "https://api.example.com/report", payer: agent.address }),
    ]);

    expect(await verifyX402(scope, merchantId, body)).toMatchObject({
      isValid: false,
      invalidReason: "invalid_exact_evm_nonce_already_used",
    });
    expect(await settleX402(readContext(scope, "system"), merchantId, body)).toMatchObject({
      success: false,
      errorReason: "invalid_exact_evm_nonce_already_used",
      transaction: "",
    });
    expect(await db().payment.count({ where: { merchantId } })).toBe(1);
  });

  it("of two settles of one authorization at once, one pays and the other is refused", async () => {
    const { scope, merchantId } = await merchantWithUsdc();
    const { body } = await request();
    const results = await Promise.all([
      settleX402(readContext(scope, "system"), merchantId, body),
      settleX402(readContext(scope, "system"), merchantId, body),
    ]);
    expect(results.map((r) => r.success).sort()).toEqual([false, true]);
    expect(results.find((r) => !r.success)).toMatchObject({
      errorReason: "invalid_exact_evm_nonce_already_used",
    });
    expect(await db().payment.count({ where: { merchantId, status: "succeeded" } })).toBe(1);
  });

  it("refuses an amount other than required, a payee not the merchant's, another x402 version", async () => {
    const { scope, merchantId } = await merchantWithUsdc();
    const short = await request(499_999n);
    expect(await verifyX402(scope, merchantId, short.body)).toMatchObject({
      isValid: false,
      invalidReason: "invalid_exact_evm_payload_authorization_value_mismatch",
    });
    const { body } = await request();
    const elsewhere = { ...requirements, payTo: "0x0000000000000000000000000000000000000001" };
    expect(await verifyX402(scope, merchantId, { ...body, paymentRequirements: elsewhere })).toMatchObject({
      isValid: false,
      invalidReason: "invalid_exact_evm_recipient_mismatch",
    });
    expect(await verifyX402(scope, merchantId, { ...body, x402Version: 1 })).toMatchObject({
      isValid: false,
      invalidReason: "invalid_x402_version",
    });
    expect(await db().payment.count({ where: { merchantId } })).toBe(0);
  });
});
