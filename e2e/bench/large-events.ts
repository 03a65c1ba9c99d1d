// The --large run's partitioned tables, run as a child process on a database of its own
// (DATABASE_URL, already migrated, with the account given): seeds `--days` days of events, their
// deliveries and the request log in bulk (`--per-day` rows of each a day), times the app's own
// list and lookup functions on the plain tables, partitions them (ops:partition-tables' code),
// times the same again, then one round of the retention tasks, as a worker runs them, which drops
// the month past retention. Prints one JSON line: what run.ts writes into RESULTS.md.
import { parseArgs } from "node:util";
import { closeDb, db } from "@/lib/core/db";
import { partitionTables } from "@/lib/core/db/partitions";
import { getEvent } from "@/lib/domain/events/get-event";
import { listEvents } from "@/lib/domain/events/list-events";
import { paymentTimeline } from "@/lib/domain/payments/payment-timeline";
import { getRequest } from "@/lib/domain/request-log/get-request";
import { listRequests } from "@/lib/domain/request-log/list-requests";
import { listDeliveries } from "@/lib/domain/webhooks/list-deliveries";
import { sweepOldEvents } from "@/lib/platform/tasks/retention/events";
import { sweepOldRequestLogs } from "@/lib/platform/tasks/retention/request-logs";
import { sweepOldDeliveries } from "@/lib/platform/tasks/retention/webhook-deliveries";

const { values: args } = parseArgs({
  options: {
    account: { type: "string" },
    days: { type: "string", default: "60" },
    "per-day": { type: "string", default: "25000" },
  },
});
const accountId = args.account!;
const days = Number(args.days);
const perDay = Number(args["per-day"]);
const total = days * perDay;
const scope = { accountId, mode: "test" as const };
const log = (line: string) =>
  console.error(`[bench events ${new Date().toISOString().slice(11, 19)}] ${line}`);
const sql = (text: string, ...values: unknown[]) => db().$executeRawUnsafe(text, ...values);
const one = async <T>(text: string, ...values: unknown[]) =>
  (await db().$queryRawUnsafe<T[]>(text, ...values))[0]!;
const spacing = `interval '1 second' * ${(days * 86_400) / total}`;
// One clock for the three tables: a delivery is stamped with its event's time, as the app writes it.
const base = `'${new Date().toISOString()}'::timestamp`;

async function seed() {
  await sql(
    `INSERT INTO "WebhookEndpoint" (id, "accountId", mode, url, events, "secretEncrypted", "updatedAt")
     SELECT 'we_bench' || lpad(e::text, 19, '0'), $1, 'test', 'https://shop' || e || '.example/hook', ARRAY['*'], 'x', now()
     FROM generate_series(1, 3) e`,
    accountId,
  );
  let started = Date.now();
  // Three events per payment, 90 % in test mode; one delivery per event to one of three endpoints.
  await sql(
    `INSERT INTO "Event" (id, "accountId", mode, type, data, "paymentId", "createdAt")
     SELECT 'evt_' || substr(md5('e' || g), 1, 24), $1, CASE WHEN g % 10 = 0 THEN 'live' ELSE 'test' END::"Mode",
            (ARRAY['payment.created', 'payment.processing', 'payment.succeeded', 'payment.created', 'payment.expired', 'refund.succeeded'])[1 + g % 6],
            jsonb_build_object('object', 'payment', 'id', 'pay_' || substr(md5('p' || g / 3), 1, 24), 'status', 'succeeded', 'amount', jsonb_build_object('unit', 'iso4217/USD', 'value', (g % 10000)::text)),
            'pay_' || substr(md5('p' || g / 3), 1, 24), ${base} - g * ${spacing}
     FROM generate_series(1, ${total}) g`,
    accountId,
  );
  log(`${total.toLocaleString()} events in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  started = Date.now();
  await sql(
    `INSERT INTO "WebhookDelivery" (id, "accountId", mode, "endpointId", "eventId", status, attempts, "nextAttemptAt", "lastAttemptAt", "responseStatus", "durationMs", "createdAt")
     SELECT 'whd_' || substr(md5('d' || g), 1, 24), $1, CASE WHEN g % 10 = 0 THEN 'live' ELSE 'test' END::"Mode",
            'we_bench' || lpad((1 + g % 3)::text, 19, '0'), 'evt_' || substr(md5('e' || g), 1, 24),
            (CASE WHEN g % 50 = 0 THEN 'failed' ELSE 'succeeded' END)::"DeliveryStatus", 1 + (g % 50 = 0)::int * 7,
            ${base} - g * ${spacing}, ${base} - g * ${spacing} + interval '1 second', CASE WHEN g % 50 = 0 THEN 500 ELSE 200 END, 40 + g % 200, ${base} - g * ${spacing}
     FROM generate_series(1, ${total}) g`,
    accountId,
  );
  log(`${total.toLocaleString()} deliveries in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  started = Date.now();
  await sql(
    `INSERT INTO "RequestLog" (id, "accountId", mode, "apiKeyId", method, path, status, "durationMs", "requestBody", "createdAt")
     SELECT 'req_' || substr(md5('r' || g), 1, 24), $1, CASE WHEN g % 10 = 0 THEN 'live' ELSE 'test' END::"Mode",
            'key_bench' || (g % 3), CASE WHEN g % 4 = 0 THEN 'POST' ELSE 'GET' END,
            CASE WHEN g % 4 = 0 THEN '/v1/payments' ELSE '/v1/payments/pay_' || substr(md5('p' || g), 1, 24) END,
            CASE WHEN g % 100 < 90 THEN 200 WHEN g % 100 < 99 THEN 400 ELSE 500 END, 5 + g % 50,
            CASE WHEN g % 4 = 0 THEN '{"referenceId": "order-1", "amount": {"unit": "iso4217/USD", "value": "10.00"}}'::jsonb END,
            ${base} - g * ${spacing}
     FROM generate_series(1, ${total}) g`,
    accountId,
  );
  log(`${total.toLocaleString()} requests in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  await sql(`VACUUM ANALYZE "Event", "WebhookDelivery", "RequestLog"`);
}

type Timing = { name: string; rows: number; p50: number; p95: number };

/** p50 and p95 of 100 calls in a row after 10 unmeasured. */
async function time(name: string, call: () => Promise<number>): Promise<Timing> {
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < 110; i++) {
    const t = performance.now();
    rows = await call();
    if (i >= 10) times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => Math.round(times[Math.floor(p * times.length)]! * 10) / 10;
  log(`  ${name}: ${rows} rows, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms`);
  return { name, rows, p50: at(0.5), p95: at(0.95) };
}

async function measure(): Promise<Timing[]> {
  // Samples 10 days back (inside retention), and a cursor 15 days back.
  const event = await one<{ id: string; paymentId: string; createdAt: Date }>(
    `SELECT id, "paymentId", "createdAt" FROM "Event" WHERE "accountId" = $1 AND mode = 'test' AND "createdAt" < now() - interval '10 days' ORDER BY "createdAt" DESC LIMIT 1`,
    accountId,
  );
  const deep = await one<{ id: string; createdAt: Date }>(
    `SELECT id, "createdAt" FROM "Event" WHERE "accountId" = $1 AND mode = 'test' AND "createdAt" < now() - interval '15 days' ORDER BY "createdAt" DESC LIMIT 1`,
    accountId,
  );
  const cursor = Buffer.from(JSON.stringify([deep.createdAt.toISOString(), deep.id])).toString("base64url");
  const request = await one<{ id: string }>(
    `SELECT id FROM "RequestLog" WHERE "accountId" = $1 AND mode = 'test' AND "createdAt" < now() - interval '10 days' ORDER BY "createdAt" DESC LIMIT 1`,
    accountId,
  );
  const payment = {
    id: event.paymentId,
    createdAt: new Date(event.createdAt.getTime() - 60_000),
  } as Parameters<typeof paymentTimeline>[2];
  const endpointId = "we_bench" + "1".padStart(19, "0");
  return [
    await time(
      "events list, first page",
      async () => (await listEvents(db(), scope, { limit: 50 })).data.length,
    ),
    await time(
      "events list, a page 15 days back",
      async () => (await listEvents(db(), scope, { limit: 50, cursor })).data.length,
    ),
    await time(
      "events list, one type (refund.succeeded)",
      async () => (await listEvents(db(), scope, { limit: 50, type: "refund.succeeded" })).data.length,
    ),
    await time("an event by id (10 days old)", async () => ((await getEvent(db(), scope, event.id)) ? 1 : 0)),
    await time(
      "a payment's timeline deliveries (10 days old)",
      async () => (await paymentTimeline(db(), scope, payment, [], [])).length,
    ),
    await time(
      "an endpoint's deliveries, first page",
      async () => (await listDeliveries(db(), scope, endpointId, { limit: 50 })).data.length,
    ),
    await time(
      "request log, first page",
      async () => (await listRequests(db(), scope, { limit: 50 })).data.length,
    ),
    await time(
      "request log, 5xx only",
      async () => (await listRequests(db(), scope, { limit: 50, status: "5xx" })).data.length,
    ),
    await time("a request by id (10 days old)", async () =>
      (await getRequest(db(), scope, request.id)) ? 1 : 0,
    ),
  ];
}

const partitions = async (table: string) =>
  (
    await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_inherits i JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = $1`,
      table,
    )
  ).n;

const seedStarted = Date.now();
await seed();
const seedSeconds = Math.round((Date.now() - seedStarted) / 1000);
log("plain tables");
const plain = await measure();
log("partitioning");
const converted: Record<string, number> = {};
await partitionTables(7, (table, ms) => {
  converted[table] = Math.round(ms);
  log(`  ${table} in ${Math.round(ms)} ms`);
});
await sql(`ANALYZE "Event", "WebhookDelivery", "RequestLog"`);
const partitionCount = await partitions("Event");
log(`partitioned tables (${partitionCount} partitions each)`);
const partitioned = await measure();
// One round of retention as the worker runs it: the first catches up the month past retention.
const retention: Record<string, { ms: number; dropped: number; deleted: number }> = {};
for (const [name, tables, sweep] of [
  ["request log", ["RequestLog"], sweepOldRequestLogs],
  ["events with their deliveries", ["Event", "WebhookDelivery"], sweepOldEvents],
  ["deliveries (their own task, after the events')", ["WebhookDelivery"], sweepOldDeliveries],
] as const) {
  const count = async () => (await Promise.all(tables.map(partitions))).reduce((a, b) => a + b, 0);
  const before = await count();
  const started = performance.now();
  const deleted = await sweep(500, new Date());
  retention[name] = {
    ms: Math.round(performance.now() - started),
    dropped: before - (await count()),
    deleted,
  };
  log(`  retention of ${name}: ${JSON.stringify(retention[name])}`);
}
console.log(
  JSON.stringify({ days, perDay, seedSeconds, plain, partitioned, partitionCount, converted, retention }),
);
await closeDb();
process.exit();
