import { expect, test } from "../support/api";
import { extraPort } from "../support/settings";
import { scratchDatabase } from "./scratch-server";

// One production server on a database of its own, without WEBHOOKS_ALLOW_PRIVATE_NETWORKS, for
// what an outside attacker tried (issue 19): escaping rate limits with made-up Client-Ids, filling
// the bucket table with made-up payment ids, and pointing webhooks at the server's own network.
test("a production server limits per App-Id, writes no bucket for made-up payments, sweeps idle buckets and refuses private webhook targets", async () => {
  const scratch = await scratchDatabase("abuse", { RATE_LIMIT_APP_BURST: "20", RATE_LIMIT_APP_PER_SECOND: "0.5", WEBHOOKS_ALLOW_PRIVATE_NETWORKS: "false" });
  let server = await scratch.start(extraPort(3));
  try {
    await server.stop();
    const appId = "app_RateLimitScratchApp00001";
    await scratch.query(async (sql) => {
      await sql(`INSERT INTO "PublicApp" ("id", "accountId", "mode", "name", "createdAt") SELECT '${appId}', "id", 'test', 'wallet', now() FROM "Account" LIMIT 1`);
      await sql(`INSERT INTO "RateLimitBucket" ("key", "tokens", "updatedAt") VALUES ('key:idle', 1, now() - interval '2 days'), ('key:recent', 1, now() - interval '2 hours')`);
    });
    server = await scratch.start(extraPort(3));
    // The worker's first round sweeps the bucket idle for two days and keeps the recent one.
    await expect.poll(() => /Swept 1 idle rate-limit bucket\./.test(server.output()), { timeout: 30_000 }).toBe(true);

    const statuses: number[] = [];
    for (let i = 0; i < 24; i++) {
      const res = await fetch(`${server.url}/v1/payments/pay_000000000000000000000000/status`, { headers: { "App-Id": appId, "Client-Id": `fresh-${i}`, "Merchant-Id": "mrch_000000000000000000000000" } });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(404));
    expect(statuses.slice(20)).toContain(429);

    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${server.url}/pay/pay_${String(i).padStart(24, "0")}/option`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ settlementId: "crypto_x" }) });
      expect(res.status).toBe(404);
    }

    // The base URL is plain http and NODE_ENV production: neither lets a webhook reach this machine.
    const headers = { "Api-Key": scratch.testKey(), "Content-Type": "application/json" };
    for (const url of ["http://127.0.0.1:5432/", "http://localhost:3000/api/health", "https://[::7f00:1]/", "https://[::ffff:7f00:1]/", "https://[::a9fe:a9fe]/latest/meta-data", "https://[2002:a9fe:a9fe::]/", "https://10.0.0.1/hook"]) {
      const res = await fetch(`${server.url}/v1/webhook-endpoints`, { method: "POST", headers, body: JSON.stringify({ url, events: ["*"] }) });
      expect(res.status, url).toBe(400);
      expect(await res.json(), url).toMatchObject({ code: "invalid_request", details: { fields: { url: expect.any(String) } } });
    }

    await server.stop();
    const keys = await scratch.query(async (sql) => (await sql(`SELECT "key" FROM "RateLimitBucket" ORDER BY "key"`)).map((row) => String(row.key)));
    expect(keys.filter((key) => key.startsWith("checkout:"))).toEqual([]);
    expect(keys).toContain("key:recent");
    expect(keys).not.toContain("key:idle");
  } finally {
    await server.stop();
    await scratch.drop();
  }
});
