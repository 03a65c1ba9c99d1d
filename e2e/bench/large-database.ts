// The --large bench's database: 10,000,000 payments seeded in bulk with SQL (generate_series, no
// row-by-row inserts) into a database of fixed name, kept after the run. A marker table records what
// was seeded (row count, the migrations' hash, the secret and the keys the bench signs in with), so
// the next --large run finds it and measures in minutes instead of seeding again.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

export const largePaymentsTotal = 10_000_000;
const merchantsTotal = 100;
const payersTotal = 2_000_000;

export type LargeDatabase = {
  databaseUrl: string;
  secret: string;
  accountId: string;
  apiKey: string;
  email: string;
  password: string;
  seedSeconds: number;
  seededAt: string;
  reused: boolean;
};

type Marker = Omit<LargeDatabase, "databaseUrl" | "reused"> & { payments: number; migrations: string };

/** The hash of every migration, so a marker from another schema is not trusted. */
function migrationsHash(root: string): string {
  const dir = path.join(root, "prisma", "migrations");
  const hash = crypto.createHash("sha256");
  for (const name of fs.readdirSync(dir).sort()) {
    const file = path.join(dir, name, "migration.sql");
    if (fs.existsSync(file)) hash.update(name).update(fs.readFileSync(file));
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * The seeded database's name: BENCH_LARGE_DATABASE (tollgate_bench_large unless told, so two people on
 * one server keep apart), with the payment count after it for fewer payments than 10M.
 */
export function largeDatabaseName(total = largePaymentsTotal): string {
  const name = process.env.BENCH_LARGE_DATABASE ?? "tollgate_bench_large";
  return total === largePaymentsTotal ? name : `${name}_${total}`;
}

export async function openLargeDatabase(
  root: string,
  baseUrl: string,
  log: (line: string) => void,
  total = largePaymentsTotal,
): Promise<LargeDatabase> {
  // Fewer payments (--payments) go into a database of their own, so the 10M one is never reseeded.
  const database = largeDatabaseName(total);
  const databaseUrl = `${baseUrl}/${database}`;
  const migrations = migrationsHash(root);
  const admin = new pg.Client({ connectionString: `${baseUrl}/postgres` });
  await admin.connect();
  const exists =
    (await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [database])).rowCount! > 0;
  let marker: Marker | null = null;
  if (exists) {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    marker = await db.query(`SELECT data FROM bench_seed LIMIT 1`).then(
      (r) => (r.rows[0]?.data as Marker) ?? null,
      () => null,
    );
    await db.end();
  }
  if (marker && marker.payments === total) {
    await admin.end();
    if (marker.migrations !== migrations) {
      // Newer migrations on a seeded database: apply them (as the server would at start) rather than seed 10M rows again.
      log(
        `the seeded database predates migrations ${marker.migrations} → ${migrations}: applying the new ones`,
      );
      runCli(root, databaseUrl, marker.secret, ["prisma/migrate.ts"]);
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      await db.query("ANALYZE");
      await db.query(`UPDATE bench_seed SET data = jsonb_set(data, '{migrations}', to_jsonb($1::text))`, [
        migrations,
      ]);
      await db.end();
    }
    log(
      `reusing ${database}: ${marker.payments.toLocaleString()} payments seeded ${marker.seededAt} in ${marker.seedSeconds} s`,
    );
    return { databaseUrl, ...marker, reused: true };
  }
  if (exists) await admin.query(`DROP DATABASE "${database}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();

  const secret = crypto.randomBytes(32).toString("base64url");
  const email = "bench-large@tollgate.test";
  const password = "bench-password-1";
  const account = JSON.parse(
    runCli(root, databaseUrl, secret, [
      "lib/platform/cli/create-account.ts",
      "--email",
      email,
      "--password",
      password,
      "--mode",
      "test",
      "--json",
    ])
      .trim()
      .split("\n")
      .pop()!,
  ) as { accountId: string; apiKey: string };
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  log(`seeding ${total.toLocaleString()} payments into ${database}`);
  const started = Date.now();
  await seed(db, databaseUrl, account.accountId, total, log);
  const seedSeconds = Math.round((Date.now() - started) / 1000);
  const seededAt = new Date().toISOString();
  const data: Marker = {
    ...account,
    email,
    password,
    secret,
    seedSeconds,
    seededAt,
    payments: total,
    migrations,
  };
  await db.query(`CREATE TABLE bench_seed (data jsonb NOT NULL)`);
  await db.query(`INSERT INTO bench_seed (data) VALUES ($1)`, [data]);
  await db.end();
  log(`seeded in ${seedSeconds} s`);
  return { databaseUrl, ...data, reused: false };
}

export function runCli(root: string, databaseUrl: string, secret: string, argv: string[]): string {
  return execFileSync(
    process.execPath,
    ["--import", "tsx", "--import", "./lib/platform/server/node-hooks.mjs", ...argv],
    {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, TOLLGATE_SECRET: secret },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
}

const otherAccountsTotal = 300;

/**
 * Loads rows into `tables` as an operator restores a dump: their secondary indexes and the foreign
 * keys of and to them are dropped, `load` fills them on two connections at once, then the indexes
 * are built on both connections (GIN first: one such build uses one core, so each connection takes
 * one while the other goes on) and the keys added again, each validated in one pass; then VACUUM
 * ANALYZE. Each connection has 2 GB of maintenance_work_mem.
 */
export async function bulkLoad(
  databaseUrl: string,
  tables: string[],
  log: (line: string) => void,
  load: (workers: [pg.Client, pg.Client]) => Promise<void>,
) {
  const connect = async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`SET maintenance_work_mem = '2GB'`);
    await client.query(`SET max_parallel_maintenance_workers = 2`);
    await client.query(`SET synchronous_commit = off`);
    return client;
  };
  const workers: [pg.Client, pg.Client] = [await connect(), await connect()];
  const [db] = workers;
  const names = tables.map((t) => `'${t}'`).join(", ");
  const quoted = tables.map((t) => `'"${t}"'`).join(", ");
  const indexes = (
    await db.query(
      `SELECT indexname, indexdef FROM pg_indexes WHERE tablename IN (${names}) AND indexname NOT LIKE '%_pkey'
       ORDER BY indexdef LIKE '%USING gin%' DESC, indexname`,
    )
  ).rows as { indexname: string; indexdef: string }[];
  const keys = (
    await db.query(
      `SELECT conname, conrelid::regclass::text AS "table", pg_get_constraintdef(oid) AS def FROM pg_constraint
       WHERE contype = 'f' AND (conrelid::regclass::text IN (${quoted}) OR confrelid::regclass::text IN (${quoted}))`,
    )
  ).rows as { conname: string; table: string; def: string }[];
  for (const key of keys) await db.query(`ALTER TABLE ${key.table} DROP CONSTRAINT "${key.conname}"`);
  for (const index of indexes) await db.query(`DROP INDEX "${index.indexname}"`);
  await timed(log, "rows", () => load(workers));
  await timed(log, "indexes", () =>
    Promise.all(
      workers.map(async (client) => {
        for (let index = indexes.shift(); index; index = indexes.shift()) {
          const { indexname, indexdef } = index;
          await timed(log, indexname, () => client.query(indexdef));
        }
      }),
    ),
  );
  await timed(log, "foreign keys", async () => {
    for (const key of keys)
      await db.query(`ALTER TABLE ${key.table} ADD CONSTRAINT "${key.conname}" ${key.def}`);
  });
  await timed(log, "vacuum analyze", () =>
    Promise.all([
      workers[0].query(`VACUUM ANALYZE "${tables[0]}"`),
      workers[1].query(
        `VACUUM ANALYZE ${tables
          .slice(1)
          .map((t) => `"${t}"`)
          .join(", ")}`,
      ),
    ]),
  );
  await Promise.all(workers.map((client) => client.end()));
}

export async function timed<T>(log: (line: string) => void, label: string, work: () => Promise<T>) {
  const started = Date.now();
  const result = await work();
  log(`  ${label} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return result;
}

/**
 * Payments spread as a multi-tenant service holds them: the bench's account takes 60 % (100
 * merchants, a few large, many small) and 300 other accounts the rest (a few large, many small, one
 * merchant each), 90 % in test mode; two years of dates; the status mix of a working shop; USD and
 * some EUR amounts spread log-uniformly from $1 to $10,000; references in three styles; live
 * transaction hashes and payer addresses from a pool of two million wallets; a buyer's email on 35 %
 * (receipts) from a million buyers plus ten thousand regulars, some typed with capitals; refunds on
 * 2 % of succeeded payments, and the paying attempt of each succeeded one. In chunks of 500,000
 * (`INSERT … SELECT generate_series(…)`), through bulkLoad.
 */
async function seed(
  db: pg.Client,
  databaseUrl: string,
  accountId: string,
  total: number,
  log: (line: string) => void,
) {
  const { apiVersion } = (await db.query(`SELECT "apiVersion" FROM "Account" WHERE id = $1`, [accountId]))
    .rows[0];
  await db.query(
    `INSERT INTO "Account" (id, name, "apiVersion")
     SELECT 'acct_large' || lpad(a::text, 19, '0'), 'Shop ' || a, $1 FROM generate_series(1, ${otherAccountsTotal}) a`,
    [apiVersion],
  );
  await db.query(
    `INSERT INTO "Merchant" (id, "accountId", mode, name, email, "updatedAt")
     SELECT 'mrch_large' || lpad(m::text, 19, '0'), $1, (CASE WHEN m % 10 = 0 THEN 'live' ELSE 'test' END)::"Mode",
            (ARRAY['Acme', 'Northwind', 'Blue Bottle', 'Harbor', 'Pixel', 'Summit', 'Copper', 'Lumen'])[1 + m % 8] || ' ' || (ARRAY['Store', 'Coffee', 'Books', 'Games', 'Market', 'Labs'])[1 + m % 6] || ' ' || m,
            'merchant' || m || '@example.com', now()
     FROM generate_series(1, ${merchantsTotal}) m
     UNION ALL
     SELECT 'mrch_other' || lpad(a::text, 19, '0'), 'acct_large' || lpad(a::text, 19, '0'), 'test', 'Shop ' || a, 'shop' || a || '@example.com', now()
     FROM generate_series(1, ${otherAccountsTotal}) a`,
    [accountId],
  );
  await bulkLoad(
    databaseUrl,
    ["Payment", "PaymentAttempt", "Refund", "PaymentEvent"],
    log,
    async (workers) => {
      const chunk = Math.min(500_000, total);
      const chunks: [number, number][] = [];
      for (let from = 1; from <= total; from += chunk) chunks.push([from, Math.min(from + chunk - 1, total)]);
      await Promise.all(
        workers.map(async (client) => {
          for (let range = chunks.shift(); range; range = chunks.shift()) {
            const [from, to] = range;
            await timed(log, `payments ${from.toLocaleString()}–${to.toLocaleString()}`, () =>
              client.query(insertPayments(total), [accountId, from, to]),
            );
          }
        }),
      );
      // The attempts that paid, in one of three assets by the payment's id (Payment.attemptId names them already).
      await timed(log, "payment attempts", () =>
        workers[0].query(
          `INSERT INTO "PaymentAttempt" (id, "accountId", mode, "paymentId", asset, destination, value, method, "expiresAt", "createdAt")
         SELECT "attemptId", "accountId", mode, id,
                (ARRAY['eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', 'eip155:1/erc20:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 'eip155:8453/erc20:0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2'])[1 + ascii(right(id, 1)) % 3],
                'eip155:8453:0x0000000000000000000000000000000000000001', "paidValue", 'transfer', "expiresAt", "createdAt"
         FROM "Payment" WHERE "attemptId" IS NOT NULL`,
        ),
      );
      // The refunds behind refundedValue, as the payment page and the refund filter read them; and
      // every tenth payment's first event, as create writes it (the timeline reads these).
      await timed(log, "refunds and payment events", () =>
        Promise.all([
          workers[0].query(
            `INSERT INTO "Refund" (id, "accountId", mode, "paymentId", "amountUnit", "amountValue", status, "txId", "createdBy", "createdAt", "updatedAt")
           SELECT 're_' || substr(id, 5), "accountId", mode, id, "amountUnit", "refundedValue", 'succeeded', 'test:re_' || substr(id, 5), 'system', "createdAt" + interval '1 day', "createdAt" + interval '1 day'
           FROM "Payment" WHERE "refundedValue" > 0`,
          ),
          workers[1].query(
            `INSERT INTO "PaymentEvent" (id, "accountId", mode, "paymentId", version, type, "toStatus", actor, "createdAt")
           SELECT 'pev_' || substr(id, 5), "accountId", mode, id, 1, 'payment.created', 'requires_action', 'system', "createdAt" FROM "Payment" WHERE right(id, 1) = '0'`,
          ),
        ]),
      );
    },
  );
}

/** One chunk of payments ($2 to $3 of the series) for the account $1 and the accounts of the seed. */
const insertPayments = (total: number) => `
  INSERT INTO "Payment" (id, "accountId", mode, "merchantId", "referenceId", "amountUnit", "amountValue", status, version, "expiresAt", "createdAt", "updatedAt", "finalizedAt",
                         "txId", "paidValue", "payerAddress", "refundedValue", "attemptId", "buyerEmail", "receiptToken")
  SELECT id, account, mode, merchant, reference, unit, amount, status::"PaymentStatus", CASE WHEN status = 'requires_action' THEN 1 ELSE 3 END,
         created + interval '30 minutes', created, created + interval '2 minutes', CASE WHEN final THEN created + interval '2 minutes' END,
         CASE WHEN paid THEN CASE WHEN mode = 'live' THEN '0x' || h || md5(h) ELSE 'test:' || id END END,
         CASE WHEN paid THEN amount * 10000 END, CASE WHEN paid THEN payer END,
         CASE WHEN paid AND g % 50 = 0 THEN CASE WHEN g % 100 = 0 THEN amount ELSE amount / 2 END ELSE 0 END,
         CASE WHEN paid THEN 'opt_' || substr(id, 5) END, email, reverse(h)
  FROM (
    SELECT g, h, 'pay_' || substr(h, 1, 24) AS id, CASE WHEN m % 10 = 0 THEN 'live' ELSE 'test' END::"Mode" AS mode,
           CASE WHEN a = 0 THEN $1 ELSE 'acct_large' || lpad(a::text, 19, '0') END AS account,
           CASE WHEN a = 0 THEN 'mrch_large' || lpad(m::text, 19, '0') ELSE 'mrch_other' || lpad(a::text, 19, '0') END AS merchant,
           CASE g % 3 WHEN 0 THEN 'order-' || (1000000 + g) WHEN 1 THEN 'INV-' || upper(substr(h, 25, 8)) ELSE 'sub_' || substr(h, 9, 6) || '-' || (g % 24 + 1) END AS reference,
           CASE WHEN g % 10 = 3 THEN 'iso4217/EUR' ELSE 'iso4217/USD' END AS unit,
           round(100 * exp(((g * 2654435761::bigint) % 1000003)::float8 / 1000003 * ln(10000::float8)))::numeric AS amount,
           s AS status, s IN ('succeeded', 'failed', 'cancelled', 'expired') AS final, s = 'succeeded' AS paid,
           now() - (g * interval '1 second' * ${63_000_000 / total}) AS created,
           '0x' || md5('payer' || (g * 7919 % ${payersTotal})) || lpad(to_hex(g * 7919 % ${payersTotal}), 8, '0') AS payer,
           CASE WHEN (g * 69069::bigint) % 100 < 35 THEN
             (CASE WHEN b % 10 = 0 THEN initcap(local) ELSE local END) || '@' ||
             (CASE WHEN b % 10 = 0 THEN initcap(domain) ELSE domain END)
           END AS email
    FROM generate_series($2::bigint, $3::bigint) g,
         LATERAL (SELECT md5(g::text) AS h) hh,
         -- 60 % to the bench's account (a = 0), the rest to 300 others, a few large and many small.
         LATERAL (SELECT CASE WHEN (g * 22695477::bigint) % 100 < 60 THEN 0
                              ELSE 1 + floor(${otherAccountsTotal} * power(((g * 1103515245::bigint) % 65536)::float8 / 65536, 3))::int END AS a) aa,
         -- Within the bench's account, a few merchants take most payments: merchant m gets a share falling with m.
         LATERAL (SELECT 1 + floor(${merchantsTotal} * power(((g * 40503::bigint) % 65536)::float8 / 65536, 2))::int AS m) mm,
         LATERAL (SELECT CASE WHEN r < 70 THEN 'succeeded' WHEN r < 85 THEN 'expired' WHEN r < 90 THEN 'requires_action' WHEN r < 94 THEN 'failed' WHEN r < 98 THEN 'cancelled' ELSE 'processing' END AS s
                  FROM (SELECT (g * 48271::bigint) % 100 AS r) rr) ss,
         -- A buyer: one of 10,000 regulars for a fifth of receipts, else one of a million.
         LATERAL (SELECT CASE WHEN (g * 2147483647::bigint) % 5 = 0 THEN (g * 7::bigint) % 10000 ELSE 10000 + (g * 16807::bigint) % 1000000 END AS b) bb,
         LATERAL (SELECT (ARRAY['anna', 'ben', 'chloe', 'david', 'emma', 'felix', 'grace', 'hugo', 'ines', 'jack', 'kim', 'liam', 'maria', 'noah', 'olga', 'paul', 'rosa', 'sam', 'tara', 'yuki'])[1 + b % 20]
                         || '.' || (ARRAY['smith', 'garcia', 'muller', 'rossi', 'tanaka', 'kowalski', 'silva', 'martin', 'novak', 'jensen', 'dubois', 'kim', 'singh', 'cohen', 'ali', 'brown', 'lopez', 'wang', 'ivanova', 'berg'])[1 + (b / 20) % 20]
                         || (b / 400) AS local,
                         (ARRAY['gmail.com', 'gmail.com', 'gmail.com', 'gmail.com', 'yahoo.com', 'outlook.com', 'hotmail.com', 'icloud.com', 'proton.me', 'gmx.de'])[1 + (b / 7) % 10] AS domain) ee
  ) p`;

/** Table and index sizes of the tables the large run seeds. */
export async function largeSizes(databaseUrl: string) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const tables = (
    await db.query(
      `SELECT relname AS table, n_live_tup::bigint AS rows, pg_total_relation_size(relid) AS total, pg_relation_size(relid) AS heap, pg_indexes_size(relid) AS indexes
       FROM pg_stat_user_tables WHERE relname IN ('Payment', 'PaymentEvent', 'Refund', 'Merchant') ORDER BY pg_total_relation_size(relid) DESC`,
    )
  ).rows as { table: string; rows: string; total: string; heap: string; indexes: string }[];
  const indexes = (
    await db.query(
      `SELECT indexrelname AS index, pg_relation_size(indexrelid) AS size FROM pg_stat_user_indexes WHERE relname = 'Payment' ORDER BY pg_relation_size(indexrelid) DESC`,
    )
  ).rows as { index: string; size: string }[];
  await db.end();
  return { tables, indexes };
}

/** The attempt each succeeded payment was paid by (`asset`, an SQL expression over the payment), named by it. */
export async function seedPaidAttempts(db: pg.Client, accountId: string, asset: string) {
  await db.query(
    `INSERT INTO "PaymentAttempt" (id, "accountId", mode, "paymentId", asset, destination, value, method, "expiresAt", "createdAt")
     SELECT 'opt_' || substr(id, 5), "accountId", mode, id, ${asset}, 'eip155:8453:0x0000000000000000000000000000000000000001',
            "paidValue", 'transfer', "expiresAt", "createdAt"
     FROM "Payment" WHERE "accountId" = $1 AND status = 'succeeded'`,
    [accountId],
  );
  await db.query(
    `UPDATE "Payment" SET "attemptId" = 'opt_' || substr(id, 5) WHERE "accountId" = $1 AND status = 'succeeded'`,
    [accountId],
  );
}
