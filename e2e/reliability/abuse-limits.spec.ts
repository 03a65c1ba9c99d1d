import net from "node:net";
import { expect, test } from "../support/api";
import { spawnSync } from "node:child_process";
import { extraPort, repoRoot, testSecret } from "../support/settings";
import { spawnServer, type SpawnedServer } from "../support/spawn-server";
import { scratchDatabase } from "./scratch-server";

// One production server on a database of its own, without WEBHOOKS_ALLOW_PRIVATE_NETWORKS, for
// what an outside attacker tried (issue 19): escaping rate limits with made-up Client-Ids, filling
// the bucket table with made-up payment ids, pointing webhooks at the server's own network, and
// holding connections with requests sent slowly (timeouts shortened here so the test is quick).

/**
 * Opens a raw connection from `from` (any 127.x address is this machine, and the server counts
 * connections per address, so the test's own keep-alive sockets on 127.0.0.1 do not count), sends
 * `data` and nothing more; resolves with what came back once the server closes it.
 */
function stall(
  port: number,
  data: string,
  from: string,
): { answer: Promise<{ text: string; ms: number }>; socket: net.Socket } {
  const started = Date.now();
  const socket = net.connect({ port, host: "127.0.0.1", localAddress: from }, () => socket.write(data));
  let text = "";
  socket.on("data", (chunk) => (text += chunk.toString("latin1")));
  const answer = new Promise<{ text: string; ms: number }>((resolve) =>
    socket.on("close", () => resolve({ text, ms: Date.now() - started })),
  );
  socket.on("error", () => {});
  return { answer, socket };
}
test("a production server limits per App-Id, writes no bucket for made-up payments, sweeps idle buckets and refuses private webhook targets", async () => {
  const scratch = await scratchDatabase("abuse", {
    RATE_LIMIT_APP_BURST: "20",
    RATE_LIMIT_APP_PER_SECOND: "0.5",
    WEBHOOKS_ALLOW_PRIVATE_NETWORKS: "false",
    HTTP_HEADERS_TIMEOUT_MS: "1000",
    HTTP_REQUEST_TIMEOUT_MS: "2000",
    MAX_CONNECTIONS_PER_ADDRESS: "6",
  });
  let server: SpawnedServer | undefined;
  try {
    // The operator command prepares the database and an account faster than a first server start would.
    const cli = spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "--import",
        "./lib/platform/server/node-hooks.mjs",
        "lib/platform/cli/create-account.ts",
        "--email",
        "abuse@e2e.tollgate.test",
        "--mode",
        "test",
        "--json",
      ],
      {
        cwd: repoRoot,
        env: { ...process.env, TOLLGATE_SECRET: testSecret, ...scratch.env },
        encoding: "utf8",
      },
    );
    expect(cli.status, cli.stderr).toBe(0);
    const { accountId, apiKey } = JSON.parse(cli.stdout.trim().split("\n").pop()!) as {
      accountId: string;
      apiKey: string;
    };
    const appId = "app_RateLimitScratchApp00001";
    await scratch.query(async (sql) => {
      await sql(
        `INSERT INTO "PublicApp" ("id", "accountId", "mode", "name", "createdAt") VALUES ('${appId}', '${accountId}', 'test', 'wallet', now())`,
      );
      await sql(
        `INSERT INTO "RateLimitBucket" ("key", "tokens", "updatedAt") VALUES ('key:idle', 1, now() - interval '2 days'), ('key:recent', 1, now() - interval '2 hours')`,
      );
    });
    const running = await spawnServer(scratch.env, extraPort(3));
    server = running;
    // The worker's first round sweeps the bucket idle for two days and keeps the recent one.
    await expect
      .poll(() => /Swept 1 idle rate-limit bucket\./.test(running.output()), { timeout: 30_000 })
      .toBe(true);

    const statuses: number[] = [];
    for (let i = 0; i < 24; i++) {
      const res = await fetch(`${running.url}/v1/payments/pay_000000000000000000000000/status`, {
        headers: {
          "App-Id": appId,
          "Client-Id": `fresh-${i}`,
          "Merchant-Id": "mrch_000000000000000000000000",
        },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(404));
    expect(statuses.slice(20)).toContain(429);

    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${running.url}/pay/pay_${String(i).padStart(24, "0")}/option`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: running.url },
        body: JSON.stringify({ settlementId: "crypto_x" }),
      });
      expect(res.status).toBe(404);
    }

    // The base URL is plain http and NODE_ENV production: neither lets a webhook reach this machine.
    // A test-mode endpoint may name http://localhost or 127.0.0.1 (a developer's own receiver), but
    // deliveries reach loopback only with WEBHOOKS_ALLOW_PRIVATE_NETWORKS (destination.test.ts);
    // every other spelling of this machine or a private network is refused when it is named.
    const headers = { "Api-Key": apiKey, "Content-Type": "application/json" };
    for (const url of ["http://127.0.0.1:5432/", "http://localhost:3000/api/health"]) {
      const res = await fetch(`${running.url}/v1/webhook-endpoints`, {
        method: "POST",
        headers,
        body: JSON.stringify({ url, events: ["*"] }),
      });
      expect(res.status, url).toBe(201);
    }
    for (const url of [
      "https://[::7f00:1]/",
      "https://[::ffff:7f00:1]/",
      "https://[::a9fe:a9fe]/latest/meta-data",
      "https://[2002:a9fe:a9fe::]/",
      "https://10.0.0.1/hook",
    ]) {
      const res = await fetch(`${running.url}/v1/webhook-endpoints`, {
        method: "POST",
        headers,
        body: JSON.stringify({ url, events: ["*"] }),
      });
      expect(res.status, url).toBe(400);
      expect(await res.json(), url).toMatchObject({
        code: "params_validation",
        details: { fields: { url: expect.any(String) } },
      });
    }

    // A request whose headers, or whose body, never finish is answered 408 and closed (Node's default: 300 s).
    const port = Number(new URL(running.url).port);
    const slowHeaders = stall(
      port,
      "POST /v1/payments HTTP/1.1\r\nHost: localhost\r\nContent-Type: app",
      "127.0.0.2",
    );
    const slowBody = stall(
      port,
      `POST /v1/payments HTTP/1.1\r\nHost: localhost\r\nApi-Key: ${apiKey}\r\nMerchant-Id: mrch_000000000000000000000000\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"referenceId":`,
      "127.0.0.2",
    );
    // Meanwhile, from another address, two connections more than the cap of 6: those two are refused at once.
    const crowd = Array.from({ length: 8 }, () =>
      stall(port, "GET /api/health HTTP/1.1\r\nHost: localhost\r\n", "127.0.0.3"),
    );
    const refused = (
      await Promise.all(
        crowd.map((c) => Promise.race([c.answer, new Promise<null>((r) => setTimeout(() => r(null), 500))])),
      )
    ).filter((a) => a !== null);
    expect(refused.length).toBe(2);
    for (const answer of refused) expect(answer!.text).toMatch(/^HTTP\/1\.1 429 /);
    for (const stalled of [slowHeaders, slowBody]) {
      const { text, ms } = await stalled.answer;
      expect(text).toMatch(/^HTTP\/1\.1 408 /);
      expect(ms).toBeLessThan(10_000);
    }
    await Promise.all(crowd.map((c) => c.answer));
    expect((await fetch(`${running.url}/api/health`)).status).toBe(200);

    await running.stop();
    const keys = await scratch.query(async (sql) =>
      (await sql(`SELECT "key" FROM "RateLimitBucket" ORDER BY "key"`)).map((row) => String(row.key)),
    );
    expect(keys.filter((key) => key.startsWith("checkout:"))).toEqual([]);
    expect(keys).toContain("key:recent");
    expect(keys).not.toContain("key:idle");
  } finally {
    await server?.stop();
    await scratch.drop();
  }
});
