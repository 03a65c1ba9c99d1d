import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import type { ListPaymentsFilter } from "@/lib/domain/schemas/payment";
import type { Scope } from "@/lib/core/tenancy/scope";
import { createTestAccount, withTestDatabase } from "@/lib/core/testing/test-database";
import { giveTestAttempt } from "@/lib/core/testing/test-attempt";
import { exactStatsUpTo, exactStatsWaitMs, findPayments, listPayments } from "./list-payments";
import { paymentFilterWhere } from "./payment-filter";

withTestDatabase();

const usdcBase = "eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";

async function seed(scope: Scope) {
  const merchants = [];
  for (const name of ["One", "Two"])
    merchants.push(
      await db().merchant.create({ data: { id: newId("mrch"), ...scope, name, email: "shop@example.com" } }),
    );
  const rows = [
    {
      merchant: 0,
      unit: "iso4217/USD",
      value: 1050,
      status: "succeeded",
      payer: "0xaa",
      asset: usdcBase,
      ref: "order-1",
      ageDays: 3,
    },
    {
      merchant: 0,
      unit: "iso4217/USD",
      value: 200,
      status: "succeeded",
      payer: "0xaa",
      asset: usdcBase,
      ref: "order-2",
      ageDays: 2,
    },
    {
      merchant: 1,
      unit: "iso4217/EUR",
      value: 999,
      status: "succeeded",
      payer: "0xbb",
      asset: "eip155:1/erc20:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
      ref: "order_3",
      ageDays: 1,
    },
    {
      merchant: 1,
      unit: "iso4217/USD",
      value: 500,
      status: "requires_action",
      payer: null,
      asset: null,
      ref: "other-4",
      ageDays: 0,
      exception: "underpaid",
    },
    {
      merchant: 0,
      unit: "iso4217/JPY",
      value: 700,
      status: "failed",
      payer: "0xcc",
      asset: usdcBase,
      ref: "order%5",
      ageDays: 0,
    },
  ] as const;
  for (const r of rows) {
    const createdAt = new Date(Date.now() - r.ageDays * 86_400_000);
    const created = await db().payment.create({
      data: {
        id: newId("pay"),
        ...scope,
        merchantId: merchants[r.merchant]!.id,
        referenceId: r.ref,
        amountUnit: r.unit,
        amountValue: r.value,
        status: r.status,
        payerAddress: r.payer,
        expiresAt: new Date(Date.now() + 3_600_000),
        createdAt,
        ...("exception" in r ? { exceptionType: r.exception } : {}),
      },
    });
    if (r.asset) await giveTestAttempt(created.id, { asset: r.asset, value: String(r.value) });
  }
  return merchants.map((m) => m.id);
}

describe("listPayments stats", () => {
  it("totals every matching payment in one aggregate: count, distinct payers, succeeded revenue per currency", async () => {
    const scope = await createTestAccount();
    await seed(scope);
    const { stats } = await listPayments(db(), scope, { filter: { limit: 1 }, view: {} });
    expect(stats).toEqual({
      totalTransactions: 5,
      totalCustomers: 3,
      totalRevenue: [
        { currency: "EUR", amount: 9.99 },
        { currency: "USD", amount: 12.5 },
      ],
    });
    const none = await listPayments(db(), scope, { filter: { limit: 1, referenceId: "nothing" }, view: {} });
    expect(none.stats).toEqual({ totalTransactions: 0, totalCustomers: 0, totalRevenue: [] });
  });

  it("counts exactly the payments the list's filter matches, for every filter", async () => {
    const scope = await createTestAccount();
    const [one, two] = await seed(scope);
    const day = 86_400_000;
    const filters: Omit<ListPaymentsFilter, "limit">[] = [
      {},
      { status: ["succeeded", "failed"] },
      { merchantId: [one!] },
      { merchantId: [one!, two!], status: ["requires_action"] },
      { referenceId: "order" },
      { referenceId: "%" },
      { referenceId: "_" },
      { asset: usdcBase },
      { asset: usdcBase, tokenSymbol: ["USDC"], networks: ["eip155:1"] },
      { tokenSymbol: ["usdc"] },
      { networks: ["eip155:1", "eip155:8453"] },
      { networks: ["eip155:1%"] },
      { exception: "any" },
      { exception: "open" },
      { exception: "underpaid" },
      { exception: "overpaid" },
      { createdFrom: new Date(Date.now() - 1.5 * day).toISOString() },
      { createdTo: new Date(Date.now() - 1.5 * day).toISOString(), status: ["succeeded"] },
    ];
    for (const filter of filters) {
      const { stats } = await listPayments(db(), scope, { filter: { limit: 50, ...filter }, view: {} });
      expect(stats.totalTransactions, JSON.stringify(filter)).toBe(
        await db().payment.count({ where: paymentFilterWhere(scope, filter) }),
      );
      // A page holding every match counts its own rows; a smaller page counts in SQL: the same figures.
      expect(
        (await listPayments(db(), scope, { filter: { limit: 1, ...filter }, view: {} })).stats,
        JSON.stringify(filter),
      ).toEqual(stats);
    }
    // Thirty-six queries: more than the default 5 s on a busy machine.
  }, 30_000);

  it("repeats the first page's stats on the pages after it", async () => {
    const scope = await createTestAccount();
    await seed(scope);
    const first = await listPayments(db(), scope, { filter: { limit: 2 }, view: {} });
    await db().payment.deleteMany({ where: { accountId: scope.accountId, status: "failed" } });
    const second = await listPayments(db(), scope, {
      filter: { limit: 2, cursor: first.nextCursor! },
      view: {},
    });
    expect(second.stats).toEqual(first.stats);
    // A first page is always counted afresh.
    expect(
      (await listPayments(db(), scope, { filter: { limit: 2 }, view: {} })).stats.totalTransactions,
    ).toBe(4);
  });

  it("past 10,000 matches, answers the exact totals of one pass shared for a minute, flagged with asOf; fewer matches are counted afresh", async () => {
    const scope = await createTestAccount();
    const [merchant] = await seed(scope);
    const many = exactStatsUpTo + 1;
    await db().$executeRaw`
      INSERT INTO "Payment" (id, "accountId", mode, "merchantId", "referenceId", "amountUnit", "amountValue", status, "payerAddress", "expiresAt", "updatedAt")
      SELECT 'pay_bulk' || g, ${scope.accountId}, ${scope.mode}::"Mode", ${merchant}, 'bulk-' || g, 'iso4217/USD', 100, 'succeeded', '0x' || (g % 7), now() + interval '1 hour', now()
      FROM generate_series(1, ${many}::int) g`;
    const before = Date.now();
    const first = await listPayments(db(), scope, { filter: { limit: 1, referenceId: "bulk" }, view: {} });
    expect(first.stats).toMatchObject({
      totalTransactions: many,
      totalCustomers: 7,
      totalRevenue: [{ currency: "USD", amount: many }],
    });
    expect(Date.parse(first.stats.asOf!)).toBeGreaterThanOrEqual(before - 1000);
    await db().payment.delete({ where: { id: "pay_bulk1" } });
    expect(
      (await listPayments(db(), scope, { filter: { limit: 1, referenceId: "bulk" }, view: {} })).stats,
    ).toEqual(first.stats);
    const few = await listPayments(db(), scope, { filter: { limit: 1, referenceId: "order" }, view: {} });
    expect(few.stats.totalTransactions).toBe(4);
    expect(few.stats).not.toHaveProperty("asOf");
  }, 30_000);

  it("never waits long for an exact pass: past the wait, the first 10,001 matches' figures marked incomplete, and one pass per account at a time", async () => {
    const scope = await createTestAccount();
    const [merchant] = await seed(scope);
    const many = exactStatsUpTo + 500;
    await db().$executeRaw`
      INSERT INTO "Payment" (id, "accountId", mode, "merchantId", "referenceId", "amountUnit", "amountValue", status, "payerAddress", "expiresAt", "updatedAt")
      SELECT 'pay_slow' || g, ${scope.accountId}, ${scope.mode}::"Mode", ${merchant}, 'slow-' || g, 'iso4217/USD', 100, 'succeeded', '0x' || (g % 3), now() + interval '1 hour', now()
      FROM generate_series(1, ${many}::int) g`;
    // The exact pass runs on the pool; while this transaction is open it cannot (PGlite is one connection), so it is slow.
    await db().$transaction(
      async (tx) => {
        const started = Date.now();
        const first = await listPayments(tx, scope, { filter: { limit: 1, referenceId: "slow" }, view: {} });
        expect(Date.now() - started).toBeGreaterThanOrEqual(exactStatsWaitMs - 50);
        expect(first.stats).toMatchObject({ complete: false, totalTransactions: exactStatsUpTo + 1 });
        expect(first.stats).not.toHaveProperty("asOf");
        // The same filter again, while its pass runs, does not wait.
        const repeated = Date.now();
        expect(
          (await listPayments(tx, scope, { filter: { limit: 1, referenceId: "slow" }, view: {} })).stats,
        ).toMatchObject({ complete: false });
        expect(Date.now() - repeated).toBeLessThan(exactStatsWaitMs);
        // Another large filter of the same account does not start a second pass, nor wait.
        const again = Date.now();
        const other = await listPayments(tx, scope, {
          filter: { limit: 1, status: ["succeeded"] },
          view: {},
        });
        expect(Date.now() - again).toBeLessThan(exactStatsWaitMs);
        expect(other.stats).toMatchObject({ complete: false, totalTransactions: exactStatsUpTo + 1 });
      },
      { timeout: 20_000 },
    );
    // Once it could run, the exact figures are answered.
    await expect
      .poll(
        async () =>
          (await listPayments(db(), scope, { filter: { limit: 1, referenceId: "slow" }, view: {} })).stats,
        { timeout: 15_000 },
      )
      .toMatchObject({ totalTransactions: many, totalCustomers: 3, asOf: expect.any(String) });
  }, 40_000);
});

describe("the dashboard's search", () => {
  const wallet = "0x709327C6f80059D25Ca3aB29e8ed475243eDC784";
  async function searchable(scope: Scope) {
    const [merchant] = await seed(scope);
    const make = (referenceId: string, amountValue: number, payerAddress: string | null) =>
      db().payment.create({
        data: {
          id: newId("pay"),
          ...scope,
          merchantId: merchant!,
          referenceId,
          amountUnit: "iso4217/USD",
          amountValue,
          status: "succeeded",
          payerAddress,
          expiresAt: new Date(Date.now() + 3_600_000),
        },
      });
    return {
      paid: [await make("wallet-a", 300, wallet), await make("wallet-b", 400, wallet.toLowerCase())]
        .map((p) => p.id)
        .sort(),
      // Another wallet sharing the first twelve hex digits, and a reference naming the wallet: neither was paid by it.
      other: await make("lookalike", 500, `${wallet.slice(0, 14)}${"0".repeat(28)}`),
      mention: await make(`refund-to-${wallet.toLowerCase()}`, 600, null),
      money: await make("inv-1090", 1090, null),
    };
  }
  const search = async (scope: Scope, term: string) =>
    (await findPayments(db(), scope, { limit: 50 }, { search: term })).rows.map((r) => r.id).sort();

  it("a whole wallet address, in any case, finds the payments that wallet paid and nothing else", async () => {
    const scope = await createTestAccount();
    const { paid } = await searchable(scope);
    expect(await search(scope, wallet)).toEqual(paid);
    expect(await search(scope, wallet.toUpperCase().replace("0X", "0x"))).toEqual(paid);
    // Part of an address is still a substring search.
    expect((await search(scope, wallet.slice(0, 14))).length).toBe(4);
  });

  it("a term written as money finds that amount, not references holding its digits", async () => {
    const scope = await createTestAccount();
    const { money } = await searchable(scope);
    const tenFifty = (await db().payment.findFirst({ where: { ...scope, referenceId: "order-1" } }))!;
    expect(await search(scope, "$10.50")).toEqual([tenFifty.id]);
    // Without the symbol, digits may be part of a reference too.
    expect(await search(scope, "10.90")).toEqual([money.id]);
    expect(await search(scope, "1090")).toEqual([money.id]);
  });
});
