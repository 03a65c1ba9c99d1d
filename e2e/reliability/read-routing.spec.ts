import { spawnSync } from "node:child_process";
import { expect, test, type APIRequestContext } from "@playwright/test";
import pg from "pg";
import { scratchDatabase } from "./scratch-server";
import { extraPort, repoRoot, testSecret, usesPostgres } from "../support/settings";
import { sampleAddress, usdcBase } from "../support/merchants";
import { signInViaApi } from "../support/sign-in";
import { spawnServer } from "../support/spawn-server";

// DATABASE_READ_URL (README, "Read routing"): the dashboard's lists, search and export read the
// standby; money paths (create, pay, refund) read and write the primary only. The "standby" here is
// a copy of the primary taken once the account existed, which then differs from it: rows only it
// holds (markers) show where a page read; payments made afterwards exist only on the primary.

test.skip(!usesPostgres, "read routing needs PostgreSQL (a second database to read)");

test("dashboard lists, search and the CSV export read DATABASE_READ_URL; creating, paying and refunding never do", async ({
  request,
}) => {
  test.setTimeout(240_000);
  const primary = await scratchDatabase("primary");
  const tag = Date.now().toString(36);
  const owner = JSON.parse(
    operatorCommand(
      primary.env,
      "lib/platform/cli/create-account.ts",
      "--email",
      `reads-${tag}@e2e.tollgate.test`,
      "--json",
    )
      .trim()
      .split("\n")
      .pop()!,
  ) as { accountId: string; email: string; password: string; apiKey: string };
  // The copy: a new database made from the primary (nobody is connected to it now).
  const readUrl = new URL(primary.env.DATABASE_URL!);
  const primaryName = readUrl.pathname.slice(1);
  const readName = `${primaryName.replace(/_primary$/, "")}_read`;
  await sql(process.env.DATABASE_URL!, `DROP DATABASE IF EXISTS "${readName}" WITH (FORCE)`);
  await sql(process.env.DATABASE_URL!, `CREATE DATABASE "${readName}" TEMPLATE "${primaryName}"`);
  readUrl.pathname = `/${readName}`;

  const server = await spawnServer(
    { ...primary.env, DATABASE_READ_URL: readUrl.toString(), TOLLGATE_WORKER: "off" },
    extraPort(1),
  );
  try {
    const api = client(request, server.url, owner.apiKey);
    const merchant = await api("POST", "/v1/merchants", {
      merchantName: `Reads ${tag}`,
      merchantEmail: "reads@shop.example",
    });
    expect(merchant.status).toBe(201);
    const merchantId = (merchant.body.merchant as { id: string }).id;
    const settled = await api("POST", `/v1/merchants/${merchantId}/settlements/crypto`, {
      settlements: [{ asset: usdcBase, destination: `eip155:8453:${sampleAddress}` }],
    });
    expect(settled.status, JSON.stringify(settled.body)).toBe(201);
    const pay = async (referenceId: string) => {
      const created = await api(
        "POST",
        "/v1/payments",
        { referenceId, amount: { unit: "iso4217/USD", value: "1050" } },
        merchantId,
      );
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.id as string;
      expect((await api("POST", `/v1/test/payments/${id}/simulate`, { outcome: "succeeded" })).status).toBe(
        200,
      );
      return id;
    };

    // A paid payment, copied to the standby as if it were behind: cancelled there (no settlement chosen), and renamed so a
    // page shows which copy it read. Rows only the standby holds: an event, a request, an audit entry.
    const older = await pay(`primary-${tag}`);
    await copyRows(primary.env.DATABASE_URL!, readUrl.toString(), "Merchant", merchantId);
    await copyRows(primary.env.DATABASE_URL!, readUrl.toString(), "Payment", older, {
      referenceId: `standby-${tag}`,
      status: "cancelled",
      attemptId: null,
    });
    for (const insert of [
      `INSERT INTO "Event" (id, "accountId", mode, type, data, "createdAt") VALUES ('evt_standby${tag}', $1, 'test', 'payment.cancelled', '{}', now())`,
      `INSERT INTO "RequestLog" (id, "accountId", mode, method, path, status, "durationMs", "createdAt") VALUES ('req_standby${tag}', $1, 'test', 'GET', '/v1/standby-${tag}', 200, 1, now())`,
      `INSERT INTO "AuditLog" (id, "accountId", mode, actor, action, "targetType", "targetId", "createdAt") VALUES ('aud_standby${tag}', $1, 'test', 'system', 'merchant.updated', 'merchant', 'mrch_standby${tag}', now())`,
    ])
      await sql(readUrl.toString(), insert, [owner.accountId]);

    // Money paths on the primary: the payment the standby has cancelled is refunded (the primary
    // knows it succeeded), and a payment the standby has never seen is created, paid and refunded.
    const refunded = await api("POST", "/v1/refunds", { paymentId: older });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    const newer = await pay(`unseen-${tag}`);
    const refundedNewer = await api("POST", "/v1/refunds", { paymentId: newer });
    expect(refundedNewer.status, JSON.stringify(refundedNewer.body)).toBe(200);
    expect((await api("GET", `/v1/payments/${newer}`)).body).toMatchObject({ status: "succeeded" });
    // The API's own lists stay on the primary: a client reads what it just wrote.
    const listed = await api("GET", "/v1/payments?limit=10", undefined, merchantId);
    expect((listed.body.data as { id: string }[]).map((p) => p.id)).toContain(newer);
    // Nothing went to the standby.
    expect(
      await sql(
        readUrl.toString(),
        `SELECT id FROM "Payment" WHERE id = $1 UNION ALL SELECT id FROM "Refund"`,
        [newer],
      ),
    ).toEqual([]);

    // The dashboard's lists read the standby.
    expect(await signInViaApi(request, server.url, owner.email, owner.password)).toMatchObject({
      email: owner.email,
    });
    const page = async (path: string) => {
      const response = await request.get(`${server.url}${path}`);
      expect(response.status(), path).toBe(200);
      return response.text();
    };
    const payments = await page("/test/payments");
    expect(payments).toContain(`standby-${tag}`);
    expect(payments).not.toContain(`primary-${tag}`);
    expect(payments).not.toContain(`unseen-${tag}`);
    expect(await page(`/test/payments?q=standby-${tag}`)).toContain(`standby-${tag}`);
    const csv = await page("/test/payments/export");
    expect(csv).toContain(`standby-${tag}`);
    expect(csv).toContain("cancelled");
    expect(csv).not.toContain(`unseen-${tag}`);
    expect(await page("/test/developers/events")).toContain(`evt_standby${tag}`);
    expect(await page("/test/developers/requests")).toContain(`/v1/standby-${tag}`);
    expect(await page("/test/audit-log")).toContain(`mrch_standby${tag}`);
    // A payment's own page is not a list: it reads the primary, refund included.
    const own = await page(`/test/payments/${newer}`);
    expect(own).toContain(`unseen-${tag}`);
  } finally {
    await server.stop();
    await sql(process.env.DATABASE_URL!, `DROP DATABASE IF EXISTS "${readName}" WITH (FORCE)`);
    await primary.drop();
  }
});

type Answer = { status: number; body: Record<string, unknown> };

function client(request: APIRequestContext, base: string, key: string) {
  let n = 0;
  return async (method: string, path: string, body?: unknown, merchantId?: string): Promise<Answer> => {
    const response = await request.fetch(`${base}${path}`, {
      method,
      headers: {
        "Api-Key": key,
        ...(method === "POST" ? { "Idempotency-Key": `reads-${Date.now()}-${++n}` } : {}),
        ...(merchantId ? { "Merchant-Id": merchantId } : {}),
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      data: body === undefined ? undefined : JSON.stringify(body),
      failOnStatusCode: false,
    });
    return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
  };
}

async function sql(url: string, text: string, values?: unknown[]): Promise<Record<string, unknown>[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text, values)).rows;
  } finally {
    await c.end();
  }
}

/** Copies one row of `table` from one database to the other, with `changes` (generated columns are left out). */
async function copyRows(
  from: string,
  to: string,
  table: string,
  id: string,
  changes: Record<string, unknown> = {},
) {
  const [{ row }] = (await sql(from, `SELECT row_to_json(t)::text AS row FROM "${table}" t WHERE id = $1`, [
    id,
  ])) as [{ row: string }];
  const generated = await sql(
    from,
    `SELECT column_name AS name FROM information_schema.columns WHERE table_name = $1 AND is_generated = 'ALWAYS'`,
    [table],
  );
  const record = { ...(JSON.parse(row) as Record<string, unknown>), ...changes };
  for (const { name } of generated) delete record[name as string];
  const columns = Object.keys(record).map((c) => `"${c}"`);
  await sql(
    to,
    `INSERT INTO "${table}" (${columns.join(", ")}) SELECT ${columns.map((c) => `r.${c}`).join(", ")} FROM json_populate_record(NULL::"${table}", $1) r`,
    [JSON.stringify(record)],
  );
}

function operatorCommand(env: Record<string, string>, script: string, ...args: string[]): string {
  const run = spawnSync(
    process.execPath,
    ["--import", "tsx", "--import", "./lib/platform/server/node-hooks.mjs", script, ...args],
    {
      cwd: repoRoot,
      env: { ...process.env, ...env, TOLLGATE_SECRET: testSecret },
      encoding: "utf8",
    },
  );
  if (run.status !== 0) throw new Error(`${script} failed:\n${run.stdout}\n${run.stderr}`);
  return run.stdout;
}
