import pg from "pg";
import { expect, test } from "../support/api";
import { usdcBase, sampleAddress } from "../support/merchants";
import { extraPort, usesPostgres } from "../support/settings";
import { spawnServer, type SpawnedServer } from "../support/spawn-server";

// Two app servers on one PostgreSQL database, hit at the same moment. The embedded database admits
// one process by design, so there is no second instance to race against there.

test.describe("races across two instances on one PostgreSQL", () => {
  test.skip(
    !usesPostgres,
    "The embedded database is single-process by design: there is no second instance to race.",
  );
  test.describe.configure({ timeout: 240_000 });

  let servers: SpawnedServer[] = [];
  let db: pg.Client;
  test.beforeAll(async () => {
    const env = { RATE_LIMIT_PER_SECOND: "1000000", RATE_LIMIT_BURST: "1000000", TOLLGATE_WORKER: "off" };
    servers = await Promise.all([spawnServer(env, extraPort(1)), spawnServer(env, extraPort(2))]);
    db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
  });
  test.afterAll(async () => {
    await db?.end();
    await Promise.all(servers.map((s) => s.stop()));
  });

  /** Sends `n` requests at once, alternating between the two servers. */
  async function burst(
    n: number,
    make: (i: number) => { path: string; body: unknown; headers: Record<string, string> },
  ) {
    return Promise.all(
      Array.from({ length: n }, async (_, i) => {
        const { path, body, headers } = make(i);
        const response = await fetch(`${servers[i % 2]!.url}${path}`, {
          method: "POST",
          headers: { "Content-Type": "application/json", ...headers },
          body: JSON.stringify(body),
        });
        return {
          status: response.status,
          replayed: response.headers.get("idempotent-replayed") === "true",
          body: await response.json(),
        };
      }),
    );
  }

  const tally = (results: { status: number; replayed?: boolean }[]) => {
    const counts: Record<string, number> = {};
    for (const r of results)
      counts[`${r.status}${r.replayed ? " replayed" : ""}`] =
        (counts[`${r.status}${r.replayed ? " replayed" : ""}`] ?? 0) + 1;
    return counts;
  };

  // A refusal that tells the client to retry: the key is still being worked on (409), or this
  // instance's database connections were all busy for longer than it waits for one (503, the
  // answer to overload on a loaded machine). Either way nothing was written for that request.
  const retryable = [
    { status: 409, body: { code: "idempotency_in_progress" } },
    { status: 503, body: { code: "service_unavailable" } },
  ];

  test("200 concurrent creates with one Idempotency-Key make one merchant; the others replay it or are told to retry, and their retries replay it", async ({
    fixtures,
  }) => {
    const key = fixtures.accounts.b.keys.test;
    const name = `Race Shop ${Date.now()}`;
    const idempotencyKey = `race-${Date.now()}`;
    const request = () => ({
      path: "/v1/merchants",
      body: { merchantName: name, merchantEmail: "race@shop.example" },
      headers: { "Api-Key": key, "Idempotency-Key": idempotencyKey },
    });
    const results = await burst(200, request);
    console.log(`[races] same Idempotency-Key ×200 over 2 servers: ${JSON.stringify(tally(results))}`);
    const created = results.filter((r) => r.status === 201);
    expect(created.filter((r) => !r.replayed)).toHaveLength(1);
    const original = JSON.stringify(created.find((r) => !r.replayed)!.body);
    expect(
      created.every((r) => JSON.stringify(r.body) === original),
      "every replay is identical to the original",
    ).toBe(true);
    const refused = results.filter((r) => r.status !== 201);
    for (const r of refused)
      expect(
        retryable.some((answer) => r.status === answer.status && r.body.code === answer.body.code),
        `${r.status} ${JSON.stringify(r.body)} is a retryable refusal`,
      ).toBe(true);
    // Each refused client retries, one after another as integrations' retries would arrive, and
    // gets the original back.
    for (let retried = 0; retried < refused.length; retried++) {
      const [retry] = await burst(1, request);
      expect({ ...retry!, body: JSON.stringify(retry!.body) }).toEqual({
        status: 201,
        replayed: true,
        body: original,
      });
    }
    expect(
      (await db.query(`SELECT count(*)::int AS n FROM "Merchant" WHERE name = $1`, [name])).rows[0].n,
    ).toBe(1);
  });

  test("concurrent registrations of one asset for one merchant leave one settlement row", async ({
    fixtures,
  }) => {
    const key = fixtures.accounts.b.keys.test;
    const merchant = await (
      await fetch(`${servers[0]!.url}/v1/merchants`, {
        method: "POST",
        headers: {
          "Api-Key": key,
          "Idempotency-Key": `race-m-${Date.now()}`,
          "Content-Type": "application/json",
        },
        body: JSON.stringify({ merchantName: "Race Settle", merchantEmail: "s@shop.example" }),
      })
    ).json();
    const results = await burst(60, (i) => ({
      path: `/v1/merchants/${merchant.merchant.id}/settlements/crypto`,
      body: {
        settlements: [
          { asset: usdcBase, destination: `eip155:8453:0x${(i + 1).toString(16).padStart(40, "0")}` },
        ],
      },
      headers: { "Api-Key": key, "Idempotency-Key": `race-s-${Date.now()}-${i}` },
    }));
    console.log(`[races] one asset registered ×60 concurrently: ${JSON.stringify(tally(results))}`);
    for (const r of results) expect([201, 409], JSON.stringify(r.body)).toContain(r.status);
    expect(results.some((r) => r.status === 201)).toBe(true);
    expect(
      (
        await db.query(
          `SELECT count(*)::int AS n FROM "CryptoSettlement" WHERE "merchantId" = $1 AND asset = $2`,
          [merchant.merchant.id, usdcBase],
        )
      ).rows[0].n,
    ).toBe(1);
  });

  test("concurrent refunds of one payment never add up to more than the payment", async ({ fixtures }) => {
    const key = fixtures.accounts.b.keys.test;
    const headers = { "Api-Key": key, "Content-Type": "application/json" };
    const post = async (path: string, body: unknown, extra: Record<string, string> = {}) =>
      (
        await fetch(`${servers[0]!.url}${path}`, {
          method: "POST",
          headers: { ...headers, ...extra },
          body: JSON.stringify(body),
        })
      ).json();
    const merchant = (
      await post(
        "/v1/merchants",
        { merchantName: "Race Refunds", merchantEmail: "r@shop.example" },
        { "Idempotency-Key": `race-r-${Date.now()}` },
      )
    ).merchant;
    await post(
      `/v1/merchants/${merchant.id}/settlements/crypto`,
      { settlements: [{ asset: usdcBase, destination: `eip155:8453:${sampleAddress}` }] },
      { "Idempotency-Key": `race-rs-${Date.now()}` },
    );
    const payment = await post(
      "/v1/payments",
      { referenceId: "race-refunds", amount: { unit: "iso4217/USD", value: "1000" } },
      { "Merchant-Id": merchant.id },
    );
    expect((await post(`/v1/test/payments/${payment.id}/simulate`, { outcome: "succeeded" })).status).toBe(
      "succeeded",
    );

    const results = await burst(40, (i) => ({
      path: "/v1/refunds",
      body: { paymentId: payment.id, amount: { unit: "iso4217/USD", value: "70" } },
      headers: { "Api-Key": key, "Idempotency-Key": `race-refund-${payment.id}-${i}` },
    }));
    console.log(
      `[races] 40 concurrent refunds of 0.70 against a 10.00 payment: ${JSON.stringify(tally(results))}`,
    );
    // Past the refundable amount a refund is a 400 naming what is left; a collision may be a 409.
    for (const r of results.filter((r) => r.status !== 200)) {
      if (r.status === 400) expect(r.body.details?.refundable, JSON.stringify(r.body)).toBeDefined();
      else expect(r.status, JSON.stringify(r.body)).toBe(409);
    }
    const refunded = (
      await db.query(
        `SELECT coalesce(sum("amountValue"), 0)::int AS total, count(*)::int AS n FROM "Refund" WHERE "paymentId" = $1`,
        [payment.id],
      )
    ).rows[0];
    expect(refunded.n).toBe(results.filter((r) => r.status === 200).length);
    expect(refunded.total).toBeLessThanOrEqual(1000);
    // Everything that fits is refunded: 14 × 70 = 980, and a 15th would pass 1000.
    expect(refunded.n).toBe(14);
  });
});
