import { describe, expect, it } from "vitest";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { db, withAttempt, type Payment } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import { createTestAccount, withTestDatabase } from "@/lib/core/testing/test-database";
import { CreatePaymentBodySchema } from "@/lib/domain/schemas/payment";
import { createPayment } from "@/lib/domain/payments/create-payment";
import { writeGatewayConfirmation } from "@/lib/domain/payments/payment-writes";
import { paymentSnapshot } from "@/lib/domain/payments/snapshot";
import { confirmInOneWrite } from "./confirm-in-one-write";
import { confirmGatewayOption } from "./confirm";
import { authorizationTypes } from "./eip3009";
import { optionAuthorization } from "./options";

withTestDatabase();

const asset = "eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const buyer = privateKeyToAccount(generatePrivateKey());

/** A test-mode payment with a gasless option quoted to the buyer, and the buyer's signature over it. */
async function quoted(options: { buyerEmail?: string } = {}) {
  const scope = await createTestAccount();
  const merchant = await db().merchant.create({
    data: { id: newId("mrch"), ...scope, name: "Shop", email: "shop@example.com" },
  });
  const { payment } = await createPayment(
    { tx: db(), scope, actor: "system" },
    merchant.id,
    CreatePaymentBodySchema.parse({
      referenceId: "Order-1",
      amount: { unit: "iso4217/USD", value: "1050" },
      ...options,
    }),
  );
  const option = await db().paymentAttempt.create({
    data: {
      id: newId("opt"),
      ...scope,
      paymentId: payment.id,
      asset,
      destination: `eip155:8453:0x${"1".repeat(40)}`,
      payer: `eip155:8453:${buyer.address}`,
      value: "10500000",
      method: "eip3009",
      nonce: `0x${"ab".repeat(32)}`,
      expiresAt: payment.expiresAt,
    },
  });
  const signature = await buyer.signTypedData({
    domain: {
      name: "USD Coin",
      version: "2",
      chainId: 8453,
      verifyingContract: asset.split(":").pop() as `0x${string}`,
    },
    types: authorizationTypes,
    primaryType: "TransferWithAuthorization",
    message: optionAuthorization(option),
  });
  const body = { optionId: option.id, results: [{ type: "walletRpc" as const, data: [signature] }] };
  return { scope, payment, option, signature, body };
}

const stored = (id: string) => db().payment.findUniqueOrThrow({ where: { id }, include: withAttempt });
const timeline = (paymentId: string) =>
  db().paymentEvent.findMany({
    where: { paymentId },
    orderBy: { version: "asc" },
    select: { version: true, type: true, fromStatus: true, toStatus: true, actor: true, data: true },
  });

describe("confirmInOneWrite", () => {
  it("answers the payment exactly as stored, with the steps, outbox event and attempt the ordinary confirm records", async () => {
    const one = await quoted();
    const paid = await confirmInOneWrite(one.scope, one.payment.id, one.body, "api_key:k1");
    expect(paid).not.toBeNull();
    const row = await stored(one.payment.id);
    expect(paid).toEqual(row);
    expect(row).toMatchObject({
      status: "succeeded",
      version: 3,
      txId: `test:${row.id}`,
      payerAddress: buyer.address,
    });
    expect(row.attempt).toMatchObject({ id: one.option.id, result: one.signature.toLowerCase() });
    const outbox = await db().event.findMany({ where: { paymentId: row.id, type: "payment.succeeded" } });
    expect(outbox.map((e) => e.data)).toEqual([JSON.parse(JSON.stringify(paymentSnapshot(row)))]);

    // The same confirm the ordinary way, on a payment of its own: the same timeline and row.
    const other = await quoted();
    const found = await stored(other.payment.id);
    const ordinary = await confirmGatewayOption(found, other.option.id, other.body.results, "api_key:k1");
    const strip = (p: Payment) => ({
      ...p,
      id: "",
      receiptToken: "",
      createdAt: 0,
      updatedAt: 0,
      finalizedAt: 0,
      expiresAt: 0,
      txId: p.txId?.slice(0, 5),
      merchantId: "",
      accountId: "",
      attemptId: "",
      attempt: null,
      searchText: null,
    });
    expect(strip(paid!)).toEqual(strip(ordinary));
    const steps = (await timeline(row.id)).map((e) => ({
      ...e,
      data: { ...(e.data as object), optionId: "" },
    }));
    const ordinarySteps = (await timeline(other.payment.id)).map((e) => ({
      ...e,
      data: { ...(e.data as object), optionId: "" },
    }));
    expect(steps).toEqual(ordinarySteps);
  }, 30_000);

  it("leaves a confirmed option, a wrong signature and a receipt to mail to the ordinary confirm", async () => {
    const one = await quoted();
    await confirmInOneWrite(one.scope, one.payment.id, one.body, "api_key:k1");
    expect(await confirmInOneWrite(one.scope, one.payment.id, one.body, "api_key:k1")).toBeNull();

    const wrong = await quoted();
    const forged = {
      ...wrong.body,
      results: [
        { type: "walletRpc" as const, data: [`${wrong.signature.slice(0, 10)}${"0".repeat(120)}1b`] },
      ],
    };
    await expect(
      confirmInOneWrite(wrong.scope, wrong.payment.id, forged, "api_key:k1"),
    ).rejects.toMatchObject({ code: "invalid_params" });
    expect((await stored(wrong.payment.id)).status).toBe("requires_action");

    const mailed = await quoted({ buyerEmail: "buyer@example.com" });
    expect(await confirmInOneWrite(mailed.scope, mailed.payment.id, mailed.body, "api_key:k1")).toBeNull();
  });

  it("writes nothing when the payment moved on since it was read", async () => {
    const one = await quoted();
    const read = await stored(one.payment.id);
    const option = await db().paymentAttempt.findUniqueOrThrow({ where: { id: one.option.id } });
    const stale = { ...read, version: read.version - 1 };
    const written = await writeGatewayConfirmation(stale, option, {
      result: one.signature.toLowerCase(),
      payer: buyer.address,
      actor: "api_key:k1",
      now: new Date(),
    });
    expect(written).toBeNull();
    expect(await stored(one.payment.id)).toEqual(read);
    expect(
      (await db().paymentAttempt.findUniqueOrThrow({ where: { id: option.id } })).confirmedAt,
    ).toBeNull();
    expect(await timeline(one.payment.id)).toHaveLength(1);
  });
});
