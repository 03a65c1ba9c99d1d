import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { verifyTollgateSignature } from "@/lib/domain/webhooks/verify";
import { ApiClient, expect, test } from "../support/api";
import { migratedDataDir } from "../support/embedded-template";
import { createMerchant } from "../support/merchants";
import { extraPort, repoRoot, stateDir, usesPostgres } from "../support/settings";
import { spawnServer, type SpawnedServer } from "../support/spawn-server";
import { runSql } from "../support/test-control";
import { WebhookReceiver } from "../support/webhook-receiver";

// Background work: the expiry sweeper, and webhook delivery by several workers and across crashes.

const usd = (value: string) => ({ unit: "iso4217/USD", value });
const secret = "lifecycle-test-root-secret-0123456789abcdef";
let receiver: WebhookReceiver;

test.beforeAll(async () => {
  receiver = await WebhookReceiver.start();
});
test.afterAll(async () => receiver.close());

type Worker = {
  output: () => string;
  exited: Promise<number | null>;
  signal: (signal: NodeJS.Signals) => void;
  /** The process running worker.ts itself (npm and a shell start it). */
  ownProcess: () => number;
};

/** `npm run worker` in its own process group, so that a kill reaches npm, its shell and the worker alike. */
async function startWorker(env: Record<string, string>): Promise<Worker> {
  let output = "";
  const child = spawn("npm", ["run", "--silent", "worker"], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  // "close", not "exit": npm dies of the signal at once, while the worker it started (which shares
  // its output pipe) is still finishing its round.
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  const worker = {
    output: () => output,
    exited,
    signal: (signal: NodeJS.Signals) => process.kill(-child.pid!, signal),
    ownProcess: () => {
      const listed = spawnSync("pgrep", ["-a", "-g", String(child.pid), "-f", "lib/platform/cli/worker.ts"], {
        encoding: "utf8",
      }).stdout;
      const own = listed
        .split("\n")
        .filter((line) => /^\d+ \S*node /.test(line) && !/\.bin\/tsx|tsx\/dist\/cli/.test(line));
      if (own.length !== 1) throw new Error(`Not one worker process in its group:\n${listed}`);
      return Number(own[0]!.split(" ")[0]);
    },
  };
  const deadline = Date.now() + 30_000;
  while (!output.includes("Started:")) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`The worker did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return worker;
}

/** A Tollgate server of its own (fresh database, the demo account's test key), for tests that stop or kill things. */
async function startOwnServer(
  env: Record<string, string>,
  port: number,
  playwright: import("@playwright/test").PlaywrightWorkerArgs["playwright"],
  documents: ConstructorParameters<typeof ApiClient>[1],
) {
  const server = await spawnServer({ TOLLGATE_SECRET: secret, ...env }, port);
  // On PostgreSQL the server answers before it has migrated and seeded; the key is printed then.
  const deadline = Date.now() + 30_000;
  let key: string | undefined;
  while (!(key = /Test API key:\s+(svc_test_\S+)/.exec(server.output())?.[1])) {
    if (Date.now() > deadline) throw new Error(`No test key in the server's output:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const request = await playwright.request.newContext({ baseURL: server.url });
  return {
    server,
    key,
    api: new ApiClient(request, documents, { "Api-Key": key }),
    dispose: () => request.dispose(),
  };
}

async function addEndpoint(api: ApiClient, pathName: string, events: string[]) {
  const res = await api.post("/v1/webhook-endpoints", { url: receiver.url(pathName), events });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; secret: string };
}

const eventIds = (pathName: string) => receiver.at(pathName).map((d) => d.event.id as string);

test("an unpaid payment past expiresAt is expired by the sweeper, with its webhook, though nobody reads it", async ({
  api,
}) => {
  const pathName = `/swept-${Date.now()}`;
  const endpoint = await addEndpoint(api, pathName, ["payment.expired"]);
  try {
    const merchant = await createMerchant(api);
    // The shortest lifetime a payment may have is one minute; a minute cannot pass in a test, so the payment is dated back.
    const created = await api.post(
      "/v1/payments",
      {
        referenceId: "short-lived",
        amount: usd("100"),
        expiresAt: new Date(Date.now() + 61_000).toISOString(),
      },
      { merchantId: merchant.id },
    );
    expect(created.status).toBe(201);
    const expiresAt = new Date(Date.now() - 1_000).toISOString();
    expect(
      (
        await runSql(
          `UPDATE "Payment" SET "expiresAt" = $1::timestamp WHERE "id" = $2`,
          expiresAt,
          created.body.id,
        )
      ).count,
    ).toBe(1);

    // Reading the payment would expire it lazily; the receiver and a list (which never does) are all we look at.
    const [expired] = await receiver.waitFor(pathName, (all) => all.length >= 1, "payment.expired", 30_000);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(expiresAt));
    expect(expired!.event.data.object).toMatchObject({
      id: created.body.id,
      status: "expired",
      isFinal: true,
      version: 2,
    });
    expect(
      verifyTollgateSignature(
        expired!.body,
        expired!.headers["tollgate-signature"] as string,
        endpoint.secret,
      ),
    ).toBe(true);
    const listed = await api.get(`/v1/payments?merchantId=${merchant.id}&status=expired`);
    expect(listed.body.data.map((p: { id: string }) => p.id)).toEqual([created.body.id]);
  } finally {
    await api.delete(`/v1/webhook-endpoints/${endpoint.id}`);
  }
});

test("the worker command will not open an embedded database that the server holds", async () => {
  test.skip(usesPostgres, "PostgreSQL is shared by design; this is about the embedded database's lock");
  const run = spawnSync("npm", ["run", "--silent", "worker"], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: "", DATA_DIR: path.join(stateDir, "data") },
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(run.status).toBe(1);
  // A log line (JSON on stdout), at the most severe level.
  const fatal = run.stdout
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .find((line) => line.level === 60);
  expect(fatal?.msg, run.stdout + run.stderr).toMatch(
    /^The worker cannot start\. The embedded database in .* is in use by process \d+/,
  );
  expect(fatal?.msg).toContain("a separate worker needs PostgreSQL (DATABASE_URL)");
});

test("after the server is killed mid-delivery, the restarted server delivers what was in flight (embedded)", async ({
  playwright,
  documents,
}) => {
  test.skip(usesPostgres, "On PostgreSQL the same is shown with `npm run worker` below");
  test.setTimeout(120_000);
  const dataDir = migratedDataDir("crash");
  const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
  let own: Awaited<ReturnType<typeof startOwnServer>> | undefined;
  let restarted: SpawnedServer | undefined;
  try {
    own = await startOwnServer(env, extraPort(2), playwright, documents);
    const endpoint = await addEndpoint(own.api, "/crash-embedded", ["payment.created"]);
    receiver.respond((d) => (d.path === "/crash-embedded" ? "hang" : 200));
    const merchant = await createMerchant(own.api);
    const payment = await own.api.post(
      "/v1/payments",
      { referenceId: "in-flight", amount: usd("100") },
      { merchantId: merchant.id },
    );
    await receiver.waitFor("/crash-embedded", (all) => all.length === 1, "the first attempt");

    // The server dies with the delivery claimed and its request unanswered.
    const pid = Number(fs.readFileSync(path.join(dataDir, "pglite.lock"), "utf8"));
    process.kill(pid, "SIGKILL");
    await expect.poll(() => isGone(pid), { timeout: 10_000 }).toBe(true);
    receiver.respond(() => 200);
    await own.dispose();

    restarted = await spawnServer({ TOLLGATE_SECRET: secret, ...env }, extraPort(2));
    const again = await receiver.waitFor(
      "/crash-embedded",
      (all) => all.length === 2,
      "the delivery after restart",
      15_000,
    );
    expect(again.map((d) => d.event.data.object.id)).toEqual([payment.body.id, payment.body.id]);
    expect(again[1]!.event.id).toBe(again[0]!.event.id);
    expect(
      verifyTollgateSignature(
        again[1]!.body,
        again[1]!.headers["tollgate-signature"] as string,
        endpoint.secret,
      ),
    ).toBe(true);
  } finally {
    receiver.respond(() => 200);
    receiver.release();
    await restarted?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test.describe("workers on one PostgreSQL database", () => {
  test.skip(
    !usesPostgres,
    "Several worker processes need PostgreSQL; the embedded database admits one process",
  );
  const database = `tollgate_workers_${process.pid}_${Date.now()}`;
  const databaseUrl = () => process.env.DATABASE_URL!.replace(/\/[^/?]+(\?|$)/, `/${database}$1`);
  let own: Awaited<ReturnType<typeof startOwnServer>>;
  // The receiver is on loopback, which a worker reaches only when told this is a local setup.
  const workerEnv = () => ({
    DATABASE_URL: databaseUrl(),
    TOLLGATE_SECRET: secret,
    WEBHOOKS_ALLOW_PRIVATE_NETWORKS: "true",
  });

  test.beforeAll(async ({ playwright, documents }) => {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    // A server that leaves all background work to the workers under test.
    own = await startOwnServer(
      { DATABASE_URL: databaseUrl(), TOLLGATE_WORKER: "off" },
      extraPort(1),
      playwright,
      documents,
    );
  });

  test.afterAll(async () => {
    await own?.dispose();
    await own?.server.stop();
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  });

  test("two workers deliver every event, none twice, and stop cleanly on SIGTERM", async () => {
    test.setTimeout(120_000);
    const endpoint = await addEndpoint(own.api, "/two-workers", ["*"]);
    receiver.respond((d) => (d.path === "/two-workers" ? { status: 200, afterMs: 150 } : 200));
    const workers = [await startWorker(workerEnv()), await startWorker(workerEnv())];
    try {
      const merchant = await createMerchant(own.api, { withUsdc: true });
      const payments = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          own.api.post(
            "/v1/payments",
            { referenceId: `two-${i}`, amount: usd("100") },
            { merchantId: merchant.id },
          ),
        ),
      );
      await Promise.all(
        payments.map((p) =>
          own.api.post(`/v1/test/payments/${p.body.id}/simulate`, { outcome: "succeeded" }),
        ),
      );
      // 1 settlement.updated + 20 × (created, succeeded)
      await receiver.waitFor(
        "/two-workers",
        (all) => new Set(all.map((d) => d.event.id)).size >= 41,
        "41 distinct events",
        60_000,
      );
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const ids = eventIds("/two-workers");
      expect(ids).toHaveLength(41);
      expect(new Set(ids).size).toBe(41);
      for (const d of receiver.at("/two-workers"))
        expect(
          verifyTollgateSignature(d.body, d.headers["tollgate-signature"] as string, endpoint.secret),
        ).toBe(true);
    } finally {
      for (const worker of workers) worker.signal("SIGTERM");
    }
    for (const worker of workers) {
      await worker.exited;
      expect(worker.output()).toContain("SIGTERM received; finishing the current round.");
      expect(worker.output()).toContain("Stopped.");
    }
    receiver.respond(() => 200);
    await own.api.delete(`/v1/webhook-endpoints/${endpoint.id}`);
  });

  // tsx's command line runs the script in a child and relays signals to it, and kills it outright
  // when it has not answered a signal within 60 ms: on a loaded machine, a worker cut off mid-round.
  test("a worker slow to take its SIGTERM, as on a loaded machine, still finishes its round and stops cleanly", async () => {
    test.setTimeout(60_000);
    const worker = await startWorker(workerEnv());
    const own = worker.ownProcess();
    process.kill(own, "SIGSTOP");
    worker.signal("SIGTERM");
    // Stopped for half a second: its event loop cannot answer the signal before then.
    await new Promise((resolve) => setTimeout(resolve, 500));
    try {
      process.kill(own, "SIGCONT");
    } catch {
      // Gone already: something killed it while it was stopped, and its output says so below.
    }
    await worker.exited;
    expect(worker.output()).toContain("SIGTERM received; finishing the current round.");
    expect(worker.output()).toContain("Stopped.");
  });

  test("a killed worker's pending deliveries, the one it had in flight included, are delivered after a restart", async () => {
    test.setTimeout(120_000);
    const endpoint = await addEndpoint(own.api, "/crash", ["payment.created"]);
    const merchant = await createMerchant(own.api);
    const newPayment = async (referenceId: string) =>
      (await own.api.post("/v1/payments", { referenceId, amount: usd("100") }, { merchantId: merchant.id }))
        .body.id as string;

    receiver.respond((d) => (d.path === "/crash" ? "hang" : 200));
    const first = await startWorker(workerEnv());
    const inFlight = await newPayment("in-flight");
    await receiver.waitFor("/crash", (all) => all.length === 1, "the first attempt");
    first.signal("SIGKILL");
    await first.exited;
    receiver.respond(() => 200);

    // Written while no worker runs: they wait in the outbox.
    const queued = [await newPayment("queued-1"), await newPayment("queued-2")];
    const log = await own.api.get(`/v1/webhook-endpoints/${endpoint.id}/deliveries`);
    expect(log.body.data.map((d: { status: string; attempts: number }) => [d.status, d.attempts])).toEqual([
      ["pending", 0],
      ["pending", 0],
      ["pending", 1],
    ]);

    const second = await startWorker(workerEnv());
    try {
      await receiver.waitFor("/crash", (all) => all.length >= 3, "the queued events", 15_000);
      // The claimed one waits for its lease (25 s) to run out: its first worker might only be slow.
      // Its lease is run out by dating it back rather than waited out.
      const db = new pg.Client({ connectionString: databaseUrl() });
      await db.connect();
      try {
        await db.query(
          `UPDATE "WebhookDelivery" SET "nextAttemptAt" = (now() AT TIME ZONE 'UTC') - interval '1 second' WHERE "endpointId" = $1 AND "status" = 'pending'`,
          [endpoint.id],
        );
      } finally {
        await db.end();
      }
      const all = await receiver.waitFor("/crash", (d) => d.length >= 4, "the in-flight event again", 15_000);
      expect(all.map((d) => d.event.data.object.id).sort()).toEqual([inFlight, inFlight, ...queued].sort());
      await expect
        .poll(async () =>
          (await own.api.get(`/v1/webhook-endpoints/${endpoint.id}/deliveries`)).body.data.map(
            (d: { status: string }) => d.status,
          ),
        )
        .toEqual(["succeeded", "succeeded", "succeeded"]);
    } finally {
      second.signal("SIGTERM");
      await second.exited;
    }
  });

  test("after 3 days a failing delivery is given up and its endpoint disabled, until the merchant re-enables it", async () => {
    test.setTimeout(60_000);
    const endpoint = await addEndpoint(own.api, "/failing", ["payment.created"]);
    receiver.respond((d) => (d.path === "/failing" ? 503 : 200));
    const merchant = await createMerchant(own.api);
    await own.api.post(
      "/v1/payments",
      { referenceId: "never-accepted", amount: usd("100") },
      { merchantId: merchant.id },
    );
    // Three days cannot pass in a test: date the delivery and the endpoint's failures back instead.
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000 - 60_000).toISOString();
    const db = new pg.Client({ connectionString: databaseUrl() });
    await db.connect();
    try {
      await db.query(`UPDATE "WebhookDelivery" SET "createdAt" = $1 WHERE "endpointId" = $2`, [
        threeDaysAgo,
        endpoint.id,
      ]);
      await db.query(`UPDATE "WebhookEndpoint" SET "failingSince" = $1 WHERE "id" = $2`, [
        threeDaysAgo,
        endpoint.id,
      ]);
    } finally {
      await db.end();
    }

    const worker = await startWorker(workerEnv());
    try {
      await receiver.waitFor("/failing", (all) => all.length === 1, "the last attempt");
      await expect
        .poll(async () => (await own.api.get(`/v1/webhook-endpoints/${endpoint.id}`)).body.enabled)
        .toBe(false);
      const disabled = await own.api.get(`/v1/webhook-endpoints/${endpoint.id}`);
      expect(Date.parse(disabled.body.disabledAt)).toBeGreaterThan(Date.now() - 60_000);
      const [delivery] = (await own.api.get(`/v1/webhook-endpoints/${endpoint.id}/deliveries`)).body.data;
      expect(delivery).toMatchObject({
        status: "failed",
        attempts: 1,
        responseStatus: 503,
        responseExcerpt: "receiver says 503",
        error: "HTTP 503",
        nextAttemptAt: null,
      });
      await expect
        .poll(() => worker.output())
        .toContain(
          `Webhook endpoint ${endpoint.id} (${receiver.url("/failing")}) disabled: every delivery failed for 3 days.`,
        );

      // Disabled: new events are not even queued for it.
      await own.api.post(
        "/v1/payments",
        { referenceId: "while-disabled", amount: usd("100") },
        { merchantId: merchant.id },
      );
      expect((await own.api.get(`/v1/webhook-endpoints/${endpoint.id}/deliveries`)).body.data).toHaveLength(
        1,
      );

      receiver.respond(() => 200);
      const enabled = await own.api.patch(`/v1/webhook-endpoints/${endpoint.id}`, { enabled: true });
      expect(enabled.body).toMatchObject({ enabled: true, disabledAt: null, failingSince: null });
      expect(
        (await own.api.post(`/v1/webhook-endpoints/${endpoint.id}/deliveries/${delivery.id}/redeliver`))
          .status,
      ).toBe(200);
      await receiver.waitFor("/failing", (all) => all.length === 2, "the redelivery");
      await expect
        .poll(async () => (await own.api.get(`/v1/webhook-endpoints/${endpoint.id}/deliveries`)).body.data[0])
        .toMatchObject({ status: "succeeded", attempts: 2, responseStatus: 200 });
    } finally {
      receiver.respond(() => 200);
      worker.signal("SIGTERM");
      await worker.exited;
    }
  });
});

function isGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}
