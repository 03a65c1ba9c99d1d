// The --large run's partitioned tables: `--days` days of events, their deliveries and the request
// log (`--per-day` rows of each a day) in two databases holding the same rows, one with the plain
// tables and one partitioned by day (ops:partition-tables' code, timed), the app's own list and
// lookup functions timed on both in the same run, alternating between them, then one round of
// retention on the partitioned one as the worker runs it (the month past retention), its DROP
// statement and commit timed apart. Run by run.ts; prints one JSON line, what run.ts writes into
// RESULTS.md. It runs itself as child processes (`--role`), one per database, since the app's
// database client is one per process.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import readline from "node:readline";
import { parseArgs } from "node:util";
import pg from "pg";
import { bulkLoad, largeDatabaseName, runCli, timed } from "./large-database";

const { values: args } = parseArgs({
  options: {
    role: { type: "string", default: "run" },
    account: { type: "string" },
    days: { type: "string", default: "60" },
    "per-day": { type: "string", default: "40000" },
  },
});
const root = path.resolve(import.meta.dirname, "..", "..");
const days = Number(args.days);
const perDay = Number(args["per-day"]);
const total = days * perDay;
const log = (line: string) =>
  console.error(`[bench events ${new Date().toISOString().slice(11, 19)}] ${line}`);
// Lines of the protocol between the parent and the measuring children, apart from the app's logs.
const tag = "@bench ";

type Timing = { name: string; rows: number; p50: number; p95: number };

/** Three events per payment, 90 % in test mode; one delivery per event to one of three endpoints; as many logged requests. */
async function seed(databaseUrl: string, accountId: string) {
  const spacing = `interval '1 second' * ${(days * 86_400) / total}`;
  // One clock for the three tables: a delivery is stamped with its event's time, as the app writes it.
  const base = `'${new Date().toISOString()}'::timestamp`;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(
    `INSERT INTO "WebhookEndpoint" (id, "accountId", mode, url, events, "secretEncrypted", "updatedAt")
     SELECT 'we_bench' || lpad(e::text, 19, '0'), $1, 'test', 'https://shop' || e || '.example/hook', ARRAY['*'], 'x', now()
     FROM generate_series(1, 3) e`,
    [accountId],
  );
  await db.end();
  const events = `
    INSERT INTO "Event" (id, "accountId", mode, type, data, "paymentId", "createdAt")
    SELECT 'evt_' || substr(md5('e' || g), 1, 24), $1, CASE WHEN g % 10 = 0 THEN 'live' ELSE 'test' END::"Mode",
           (ARRAY['payment.created', 'payment.processing', 'payment.succeeded', 'payment.created', 'payment.expired', 'refund.succeeded'])[1 + g % 6],
           jsonb_build_object('object', 'payment', 'id', 'pay_' || substr(md5('p' || g / 3), 1, 24), 'status', 'succeeded', 'amount', jsonb_build_object('unit', 'iso4217/USD', 'value', (g % 10000)::text)),
           'pay_' || substr(md5('p' || g / 3), 1, 24), ${base} - g * ${spacing}
    FROM generate_series(1, ${total}) g`;
  const deliveries = `
    INSERT INTO "WebhookDelivery" (id, "accountId", mode, "endpointId", "eventId", status, attempts, "nextAttemptAt", "lastAttemptAt", "responseStatus", "durationMs", "createdAt")
    SELECT 'whd_' || substr(md5('d' || g), 1, 24), $1, CASE WHEN g % 10 = 0 THEN 'live' ELSE 'test' END::"Mode",
           'we_bench' || lpad((1 + g % 3)::text, 19, '0'), 'evt_' || substr(md5('e' || g), 1, 24),
           (CASE WHEN g % 50 = 0 THEN 'failed' ELSE 'succeeded' END)::"DeliveryStatus", 1 + (g % 50 = 0)::int * 7,
           ${base} - g * ${spacing}, ${base} - g * ${spacing} + interval '1 second', CASE WHEN g % 50 = 0 THEN 500 ELSE 200 END, 40 + g % 200, ${base} - g * ${spacing}
    FROM generate_series(1, ${total}) g`;
  const requests = `
    INSERT INTO "RequestLog" (id, "accountId", mode, "apiKeyId", method, path, status, "durationMs", "requestBody", "createdAt")
    SELECT 'req_' || substr(md5('r' || g), 1, 24), $1, CASE WHEN g % 10 = 0 THEN 'live' ELSE 'test' END::"Mode",
           'key_bench' || (g % 3), CASE WHEN g % 4 = 0 THEN 'POST' ELSE 'GET' END,
           CASE WHEN g % 4 = 0 THEN '/v1/payments' ELSE '/v1/payments/pay_' || substr(md5('p' || g), 1, 24) END,
           CASE WHEN g % 100 < 90 THEN 200 WHEN g % 100 < 99 THEN 400 ELSE 500 END, 5 + g % 50,
           CASE WHEN g % 4 = 0 THEN '{"referenceId": "order-1", "amount": {"unit": "iso4217/USD", "value": "10.00"}}'::jsonb END,
           ${base} - g * ${spacing}
    FROM generate_series(1, ${total}) g`;
  await bulkLoad(databaseUrl, ["Event", "WebhookDelivery", "RequestLog"], log, async ([a, b]) => {
    await Promise.all([
      timed(log, `${total.toLocaleString()} events`, () => a.query(events, [accountId])),
      timed(log, `${total.toLocaleString()} requests`, () => b.query(requests, [accountId])),
    ]);
    await timed(log, `${total.toLocaleString()} deliveries`, () => a.query(deliveries, [accountId]));
  });
}

/** The queries, as the app runs them, on the database of this process (DATABASE_URL). */
async function queries(accountId: string) {
  const { db } = await import("@/lib/core/db");
  const { getEvent } = await import("@/lib/domain/events/get-event");
  const { listEvents } = await import("@/lib/domain/events/list-events");
  const { paymentTimeline } = await import("@/lib/domain/payments/payment-timeline");
  const { getRequest } = await import("@/lib/domain/request-log/get-request");
  const { listRequests } = await import("@/lib/domain/request-log/list-requests");
  const { listDeliveries } = await import("@/lib/domain/webhooks/list-deliveries");
  const scope = { accountId, mode: "test" as const };
  const one = async <T>(text: string) => (await db().$queryRawUnsafe<T[]>(text, accountId))[0]!;
  // Samples 10 days back (inside retention), and a cursor 15 days back: the same rows in both databases.
  const event = await one<{ id: string; paymentId: string; createdAt: Date }>(
    `SELECT id, "paymentId", "createdAt" FROM "Event" WHERE "accountId" = $1 AND mode = 'test' AND "createdAt" < now() - interval '10 days' ORDER BY "createdAt" DESC LIMIT 1`,
  );
  const deep = await one<{ id: string; createdAt: Date }>(
    `SELECT id, "createdAt" FROM "Event" WHERE "accountId" = $1 AND mode = 'test' AND "createdAt" < now() - interval '15 days' ORDER BY "createdAt" DESC LIMIT 1`,
  );
  const cursor = Buffer.from(JSON.stringify([deep.createdAt.toISOString(), deep.id])).toString("base64url");
  const request = await one<{ id: string }>(
    `SELECT id FROM "RequestLog" WHERE "accountId" = $1 AND mode = 'test' AND "createdAt" < now() - interval '10 days' ORDER BY "createdAt" DESC LIMIT 1`,
  );
  const payment = {
    id: event.paymentId,
    createdAt: new Date(event.createdAt.getTime() - 60_000),
  } as Parameters<typeof paymentTimeline>[2];
  const endpointId = "we_bench" + "1".padStart(19, "0");
  return {
    "events list, first page": async () => (await listEvents(db(), scope, { limit: 50 })).data.length,
    "events list, a page 15 days back": async () =>
      (await listEvents(db(), scope, { limit: 50, cursor })).data.length,
    "events list, one type (refund.succeeded)": async () =>
      (await listEvents(db(), scope, { limit: 50, type: "refund.succeeded" })).data.length,
    "an event by id (10 days old)": async () => ((await getEvent(db(), scope, event.id)) ? 1 : 0),
    "a payment's timeline deliveries (10 days old)": async () =>
      (await paymentTimeline(db(), scope, payment, [], [])).length,
    "an endpoint's deliveries, first page": async () =>
      (await listDeliveries(db(), scope, endpointId, { limit: 50 })).data.length,
    "request log, first page": async () => (await listRequests(db(), scope, { limit: 50 })).data.length,
    "request log, 5xx only": async () =>
      (await listRequests(db(), scope, { limit: 50, status: "5xx" })).data.length,
    "a request by id (10 days old)": async () => ((await getRequest(db(), scope, request.id)) ? 1 : 0),
  } as Record<string, () => Promise<number>>;
}

/** A measuring child: runs `{name, calls}` asked on stdin, answers each call's ms and the rows. */
async function serve(accountId: string) {
  const all = await queries(accountId);
  console.log(tag + JSON.stringify({ names: Object.keys(all) }));
  for await (const line of readline.createInterface({ input: process.stdin })) {
    const { name, calls } = JSON.parse(line) as { name: string; calls: number };
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < calls; i++) {
      const started = performance.now();
      rows = await all[name]!();
      times.push(performance.now() - started);
    }
    console.log(tag + JSON.stringify({ times, rows }));
  }
}

/** One child measuring its database, asked one batch at a time. */
function measurer(databaseUrl: string, secret: string, accountId: string) {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "--import",
      "./lib/platform/server/node-hooks.mjs",
      "e2e/bench/large-events.ts",
      "--role",
      "serve",
      "--account",
      accountId,
    ],
    {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, TOLLGATE_SECRET: secret, LOG_LEVEL: "warn" },
      stdio: ["pipe", "pipe", "inherit"],
    },
  );
  const answers = readline.createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const answer = async <T>(): Promise<T> => {
    for (;;) {
      const { value, done } = await answers.next();
      if (done) throw new Error("the measuring child ended");
      if ((value as string).startsWith(tag)) return JSON.parse((value as string).slice(tag.length)) as T;
    }
  };
  return {
    ready: answer<{ names: string[] }>(),
    run: (name: string, calls: number) => {
      child.stdin!.write(JSON.stringify({ name, calls }) + "\n");
      return answer<{ times: number[]; rows: number }>();
    },
    end: () => child.stdin!.end(),
  };
}

/** Converts the tables (DATABASE_URL) and prints how long each took and the partitions each has. */
async function partition() {
  const { db, closeDb } = await import("@/lib/core/db");
  const { partitionTables } = await import("@/lib/core/db/partitions");
  const converted: Record<string, number> = {};
  await partitionTables(7, (table, ms) => {
    converted[table] = Math.round(ms);
    log(`  ${table} in ${Math.round(ms)} ms`);
  });
  await db().$executeRawUnsafe(`ANALYZE "Event", "WebhookDelivery", "RequestLog"`);
  const [{ n }] = await db().$queryRawUnsafe<[{ n: number }]>(
    `SELECT count(*)::int AS n FROM pg_inherits i JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = 'Event'`,
  );
  console.log(tag + JSON.stringify({ converted, partitionCount: n }));
  await closeDb();
}

/**
 * One round of each retention task's work on partitioned tables, as sweepOldRequestLogs and
 * sweepOldEvents call it (maintainPartitions: pg_partman's maintenance, then one DROP of the days
 * past retention), the whole and the DROP's statement and commit apart.
 */
async function retention() {
  const { closeDb } = await import("@/lib/core/db");
  const { maintainPartitions } = await import("@/lib/core/db/partitions");
  const result: Record<string, { ms: number; dropped: number; statementMs: number; commitMs: number }> = {};
  for (const [name, tables] of [
    ["request log", ["RequestLog"]],
    ["events with their deliveries", ["WebhookDelivery", "Event"]],
  ] as const) {
    const started = performance.now();
    const drop = await maintainPartitions([...tables], new Date());
    result[name] = {
      ms: Math.round(performance.now() - started),
      dropped: drop.dropped.length,
      statementMs: drop.statementMs,
      commitMs: drop.commitMs,
    };
    log(`  retention of ${name}: ${JSON.stringify(result[name])}`);
  }
  console.log(tag + JSON.stringify(result));
  await closeDb();
}

/** The last protocol line a child printed. */
function childResult<T>(out: string): T {
  const line = out
    .trim()
    .split("\n")
    .filter((l) => l.startsWith(tag))
    .pop()!;
  return JSON.parse(line.slice(tag.length)) as T;
}

const percentile = (times: number[], p: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! * 10) / 10;
};

/** The whole measurement, on databases `<name>_plain` and `<name>_parts` made for it and dropped after. */
async function run() {
  const baseUrl = (process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres").replace(
    /\/[^/]*$/,
    "",
  );
  const name = `${largeDatabaseName()}_events`;
  const plain = `${name}_plain`;
  const parts = `${name}_parts`;
  const url = (database: string) => `${baseUrl}/${database}`;
  const secret = crypto.randomBytes(32).toString("base64url");
  const admin = new pg.Client({ connectionString: url("postgres") });
  await admin.connect();
  const drop = async () => {
    for (const database of [plain, parts])
      await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  };
  await drop();
  try {
    await admin.query(`CREATE DATABASE "${plain}"`);
    const account = JSON.parse(
      runCli(root, url(plain), secret, [
        "lib/platform/cli/create-account.ts",
        "--email",
        "bench-events@tollgate.test",
        "--json",
      ])
        .trim()
        .split("\n")
        .pop()!,
    ) as { accountId: string };
    log(`seeding ${plain}: ${total.toLocaleString()} rows of each table over ${days} days`);
    const seedStarted = Date.now();
    await seed(url(plain), account.accountId);
    const seedSeconds = Math.round((Date.now() - seedStarted) / 1000);
    // The same rows, partitioned: a copy of the database's files, then converted.
    await timed(log, `${parts}, a copy`, () => admin.query(`CREATE DATABASE "${parts}" TEMPLATE "${plain}"`));
    log(`partitioning ${parts}`);
    const { converted, partitionCount } = childResult<{
      converted: Record<string, number>;
      partitionCount: number;
    }>(runCli(root, url(parts), secret, ["e2e/bench/large-events.ts", "--role", "partition"]));
    // Ten rounds of ten calls of each query on each database, the order of the two swapped every
    // round, after ten unmeasured calls on each.
    const measurers = {
      plain: measurer(url(plain), secret, account.accountId),
      partitioned: measurer(url(parts), secret, account.accountId),
    };
    const { names } = await measurers.plain.ready;
    await measurers.partitioned.ready;
    const times: Record<string, { plain: number[]; partitioned: number[]; rows: number }> = {};
    for (const query of names) {
      await measurers.plain.run(query, 10);
      await measurers.partitioned.run(query, 10);
      times[query] = { plain: [], partitioned: [], rows: 0 };
    }
    for (let round = 0; round < 10; round++)
      for (const query of names)
        for (const side of round % 2
          ? (["partitioned", "plain"] as const)
          : (["plain", "partitioned"] as const)) {
          const batch = await measurers[side].run(query, 10);
          times[query]![side].push(...batch.times);
          times[query]!.rows = batch.rows;
        }
    measurers.plain.end();
    measurers.partitioned.end();
    const timing = (side: "plain" | "partitioned"): Timing[] =>
      names.map((query) => {
        const t = times[query]!;
        return { name: query, rows: t.rows, p50: percentile(t[side], 0.5), p95: percentile(t[side], 0.95) };
      });
    for (const t of names.map((query, i) => [query, timing("plain")[i]!, timing("partitioned")[i]!] as const))
      log(
        `  ${t[0]}: plain p50 ${t[1].p50} / p95 ${t[1].p95} ms, partitioned p50 ${t[2].p50} / p95 ${t[2].p95} ms`,
      );
    log("retention");
    const retained = childResult<
      Record<string, { ms: number; dropped: number; statementMs: number; commitMs: number }>
    >(runCli(root, url(parts), secret, ["e2e/bench/large-events.ts", "--role", "retention"]));
    console.log(
      JSON.stringify({
        days,
        perDay,
        seedSeconds,
        plain: timing("plain"),
        partitioned: timing("partitioned"),
        partitionCount,
        converted,
        retention: retained,
      }),
    );
  } finally {
    await drop();
    await admin.end();
  }
}

if (args.role === "run") await run();
else if (args.role === "serve") await serve(args.account!);
else if (args.role === "partition") await partition();
else if (args.role === "retention") await retention();
process.exit();
