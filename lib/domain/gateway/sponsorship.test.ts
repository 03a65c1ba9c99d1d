import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it, vi } from "vitest";
import { db } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import { AppError } from "@/lib/core/errors/errors";
import { createTestAccount, withTestDatabase } from "@/lib/core/testing/test-database";
import { recordRelayGas } from "./relay-gas";
import { createTestSubmission } from "./test-submission";
import { sponsoredToken } from "./sponsored-tokens";
import { gasSpentToday, sponsorshipRefusal } from "./sponsorship";

// The gas sponsorship policy's rules that need no chain: the allow-list, payments to oneself, dust
// and the per-account daily budget. The chain's part (domain, estimate, simulation) runs on the
// local chain in e2e/reliability/gas-sponsorship.spec.ts.

const operatorToken = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
vi.hoisted(() => {
  // A chain with an RPC (never called: USDC's decimals come from the registry), an operator's token with its own gas limit, and a budget of 200,000 gas a day.
  process.env.CHAIN_RPC_EIP155_8453 = "http://127.0.0.1:9";
  process.env.SPONSORED_TOKENS_EIP155_8453 = "0x5FbDB2315678afecb367f032d93F642f64180aa3:Shop Dollar:1:90000";
  process.env.SPONSOR_MIN_AMOUNT_EIP155_8453 = "0.05";
  process.env.SPONSOR_DAILY_GAS_PER_ACCOUNT = "200000";
});

withTestDatabase();

const usdcOnBase = "eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const buyer = privateKeyToAccount(
  "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
).address;
const shop = privateKeyToAccount(
  "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
).address;

async function refusal(accountId: string, overrides: Partial<Parameters<typeof sponsorshipRefusal>[0]> = {}) {
  const found = await sponsorshipRefusal({
    accountId,
    asset: usdcOnBase,
    from: buyer,
    to: shop,
    value: 1_000_000n,
    ...overrides,
  });
  return found
    ? ({ code: found.code, status: found.status, ...found.details } as Record<string, unknown>)
    : null;
}

/** A live relay of `gas` for a payment of the account, made at `createdAt`, in `status`. */
async function relay(
  accountId: string,
  gas: { gasUsed?: number; gasLimit?: number },
  status = "submitted",
  createdAt = new Date(),
) {
  return createTestSubmission(accountId, "eip155:8453", { status, createdAt, ...gas });
}

describe("the allow-list", () => {
  it("holds the registry's USDC with its domain and the default gas limit, the operator's tokens with theirs, and nothing else", () => {
    expect(sponsoredToken(usdcOnBase)).toMatchObject({ name: "USD Coin", version: "2", gasLimit: 150_000n });
    expect(sponsoredToken(`eip155:8453/erc20:${operatorToken.toLowerCase()}`)).toMatchObject({
      name: "Shop Dollar",
      version: "1",
      gasLimit: 90_000n,
    });
    // The same address on another chain, a token only the merchant registered, and USDT (no EIP-3009) are not sponsored.
    expect(sponsoredToken(`eip155:10/erc20:${operatorToken}`)).toBeNull();
    expect(sponsoredToken("eip155:8453/erc20:0x1111111111111111111111111111111111111111")).toBeNull();
    expect(sponsoredToken("eip155:8453/erc20:0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2")).toBeNull();
  });

  it("refuses a token that is not on it", async () => {
    const { accountId } = await createTestAccount("live");
    expect(
      await refusal(accountId, { asset: "eip155:8453/erc20:0x1111111111111111111111111111111111111111" }),
    ).toMatchObject({ code: "gas_sponsorship_refused", status: 400, reason: "token_not_sponsored" });
    expect(await refusal(accountId)).toBeNull();
  });
});

describe("dust and payments to oneself", () => {
  it("refuses a payer paying their own destination, whatever the case of the address", async () => {
    const { accountId } = await createTestAccount("live");
    expect(await refusal(accountId, { to: buyer.toLowerCase() as `0x${string}` })).toMatchObject({
      code: "gas_sponsorship_refused",
      reason: "self_payment",
    });
  });

  it("refuses an amount under the chain's minimum (SPONSOR_MIN_AMOUNT_EIP155_8453=0.05 USDC) and sponsors one at it", async () => {
    const { accountId } = await createTestAccount("live");
    expect(await refusal(accountId, { value: 1n })).toMatchObject({ reason: "below_minimum" });
    expect(await refusal(accountId, { value: 49_999n })).toMatchObject({ reason: "below_minimum" });
    expect(await refusal(accountId, { value: 50_000n })).toBeNull();
  });
});

describe("the daily budget", () => {
  it("counts today's sent relays of the account on the chain (receipts, else the limit of those in flight), and refuses once the next would pass it", async () => {
    const { accountId } = await createTestAccount("live");
    const other = await createTestAccount("live");
    await relay(accountId, { gasUsed: 30_000, gasLimit: 150_000 });
    await relay(accountId, { gasLimit: 20_000 }, "pending");
    // Not counted: a failed relay (nothing sent), yesterday's, and another account's.
    await relay(accountId, { gasLimit: 150_000 }, "failed");
    await relay(accountId, { gasUsed: 150_000 }, "submitted", new Date(Date.now() - 86_400_000 - 1));
    await relay(other.accountId, { gasUsed: 190_000 });
    expect(await gasSpentToday(accountId, "eip155:8453")).toBe(50_000n);
    // 50,000 spent + USDC's 150,000 limit fits in 200,000.
    expect(await refusal(accountId)).toBeNull();

    await relay(accountId, { gasUsed: 1 });
    const refused = await refusal(accountId);
    expect(refused).toMatchObject({
      code: "sponsorship_budget_exhausted",
      status: 429,
      reason: "daily_budget",
    });
    expect(Number(refused!.retryAfterSeconds)).toBeGreaterThan(0);
    expect(Number(refused!.retryAfterSeconds)).toBeLessThanOrEqual(86_400);
    expect(await refusal(other.accountId)).toMatchObject({ code: "sponsorship_budget_exhausted" });
  });
});

describe("recording the gas a relay spent", () => {
  it("writes the receipt's gasUsed and gasUsed × effectiveGasPrice on the submission and sums them on the payment, once", async () => {
    const { accountId } = await createTestAccount("live");
    const first = await relay(accountId, { gasLimit: 150_000 });
    await recordRelayGas(first.id, { gasUsed: 61_000n, effectiveGasPrice: 2_000_000_000n });
    await recordRelayGas(first.id, { gasUsed: 99_999n, effectiveGasPrice: 1n });
    const second = await db().relayerSubmission.create({
      data: {
        id: newId("rly"),
        accountId,
        mode: "live",
        paymentId: first.paymentId,
        optionId: newId("opt"),
        chainId: "eip155:8453",
        status: "submitted",
      },
    });
    await recordRelayGas(second.id, { gasUsed: 1_000n, effectiveGasPrice: 3n });
    expect(await db().relayerSubmission.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({
      gasUsed: 61_000,
    });
    expect(
      (await db().relayerSubmission.findUniqueOrThrow({ where: { id: first.id } })).gasCostWei!.toFixed(),
    ).toBe("122000000000000");
    const payment = await db().payment.findUniqueOrThrow({ where: { id: first.paymentId } });
    expect(payment.relayGasUsed).toBe(62_000);
    expect(payment.relayGasCostWei!.toFixed()).toBe("122000000003000");
  });
});

it("refusals are AppErrors a wallet can read", async () => {
  const { accountId } = await createTestAccount("live");
  const found = await sponsorshipRefusal({ accountId, asset: usdcOnBase, from: buyer, to: buyer, value: 1n });
  expect(found).toBeInstanceOf(AppError);
  expect(found!.toJSON()).toEqual({
    code: "gas_sponsorship_refused",
    message: expect.stringContaining("destination"),
    details: { reason: "self_payment" },
  });
});
