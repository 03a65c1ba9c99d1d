import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { expect, test } from "../support/api";
import { extraPort, port as e2ePort } from "../support/settings";
import { spawnServer } from "../support/spawn-server";
import { printedTestKey } from "./scratch-server";

// A PostgreSQL cluster of this test's own, stopped hard under load and started again: while it is
// down every request answers 503 service_unavailable promptly; afterwards the server recovers by
// itself, and retrying each create with its Idempotency-Key leaves exactly one merchant per key.

const bin = "/usr/lib/postgresql/15/bin";
const pgPort = e2ePort + 88;
// initdb refuses to run as root; the cluster then belongs to the postgres OS user.
const asOwner = (command: string, args: string[]) =>
  (process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args]) as [
    string,
    string[],
  ];
const run = (command: string, args: string[]) =>
  execFileSync(...asOwner(command, args), { stdio: "pipe", timeout: 60_000 }).toString();

test.describe("database outage", () => {
  test.skip(!fs.existsSync(`${bin}/initdb`), `needs PostgreSQL 15's server binaries in ${bin}`);

  test("a stopped database gets prompt 503s, the server recovers when it returns, and idempotent retries lose or duplicate nothing", async () => {
    test.setTimeout(240_000);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tollgate-outage-pg-"));
    if (process.getuid?.() === 0) execFileSync("chown", ["postgres", dir]);
    const pgctl = (...args: string[]) => run(`${bin}/pg_ctl`, ["-D", `${dir}/data`, ...args]);
    run(`${bin}/initdb`, ["-D", `${dir}/data`, "-A", "trust", "-U", "postgres", "--no-sync"]);
    const startCluster = () =>
      pgctl(
        "-o",
        `-p ${pgPort} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
        "-l",
        `${dir}/log`,
        "-w",
        "start",
      );
    startCluster();
    const server = await (async () => {
      const admin = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:${pgPort}/postgres` });
      await admin.connect();
      await admin.query("CREATE DATABASE tollgate");
      await admin.end();
      return spawnServer(
        {
          DATABASE_URL: `postgresql://postgres@127.0.0.1:${pgPort}/tollgate`,
          SEED_OWNER_EMAIL: "outage@demo.tollgate.test",
          TOLLGATE_WORKER: "off",
          RATE_LIMIT_PER_SECOND: "1000000",
          RATE_LIMIT_BURST: "1000000",
        },
        extraPort(4),
      );
    })();
    try {
      const key = await printedTestKey(server);
      type Attempt = {
        status: number | "no answer";
        code?: string;
        seconds: number;
        merchantId?: string;
        retryAfter?: string | null;
      };
      const attempts = new Map<string, Attempt[]>();
      let n = 0;
      const create = async (idempotencyKey: string): Promise<Attempt> => {
        const started = Date.now();
        try {
          const response = await fetch(`${server.url}/v1/merchants`, {
            method: "POST",
            headers: {
              "Api-Key": key,
              "Idempotency-Key": idempotencyKey,
              "Content-Type": "application/json",
            },
            body: JSON.stringify({
              merchantName: `Outage ${idempotencyKey}`,
              merchantEmail: "outage@shop.example",
            }),
            signal: AbortSignal.timeout(15_000),
          });
          const body = await response.json();
          return {
            status: response.status,
            code: body.code,
            merchantId: body.merchant?.id,
            seconds: (Date.now() - started) / 1000,
            retryAfter: response.headers.get("retry-after"),
          };
        } catch {
          return { status: "no answer", seconds: (Date.now() - started) / 1000 };
        }
      };
      let phase: "up" | "down" | "back" = "up";
      let stop = false;
      const byPhase: Record<string, Attempt[]> = { up: [], down: [], back: [] };
      const load = async () => {
        while (!stop) {
          const idempotencyKey = `outage-${++n}`;
          const current = phase;
          const attempt = await create(idempotencyKey);
          attempts.set(idempotencyKey, [attempt]);
          byPhase[current]!.push(attempt);
          if (attempt.status !== 201) await new Promise((r) => setTimeout(r, 50));
        }
      };
      const loaders = Array.from({ length: 4 }, load);
      const waitFor = async (predicate: () => boolean) => {
        while (!predicate()) await new Promise((r) => setTimeout(r, 100));
      };
      await waitFor(() => byPhase.up!.filter((a) => a.status === 201).length >= 40);

      pgctl("-m", "immediate", "stop");
      phase = "down";
      await waitFor(() => byPhase.down!.length >= 40);

      const restarted = Date.now();
      startCluster();
      phase = "back";
      await waitFor(() => byPhase.back!.some((a) => a.status === 201));
      const recoverySeconds = (Date.now() - restarted) / 1000;
      await waitFor(() => byPhase.back!.filter((a) => a.status === 201).length >= 20);
      stop = true;
      await Promise.all(loaders);

      const down = byPhase.down!;
      const statuses = (list: Attempt[]) =>
        JSON.stringify(
          list.reduce<Record<string, number>>(
            (acc, a) => ((acc[String(a.status)] = (acc[String(a.status)] ?? 0) + 1), acc),
            {},
          ),
        );
      const slowest = Math.max(...down.map((a) => a.seconds));
      console.log(
        `[outage] up: ${statuses(byPhase.up!)}; down: ${statuses(down)} (slowest answer ${slowest.toFixed(2)} s); back: ${statuses(byPhase.back!)}; recovered ${recoverySeconds.toFixed(2)} s after the database was started again`,
      );
      // While the database is down (and in the moment it goes away) the answer is 503, never a 500 or silence.
      for (const a of down)
        expect(a, JSON.stringify(a)).toMatchObject({
          status: 503,
          code: "service_unavailable",
          retryAfter: expect.stringMatching(/^\d+$/),
        });
      expect(slowest).toBeLessThan(10);
      for (const a of [...byPhase.up!, ...byPhase.back!])
        expect([201, 503], JSON.stringify(a)).toContain(a.status);

      // Retry every create with its key, as a client would: each ends with one merchant, the same one
      // as before where it had succeeded. A create caught mid-write could not release its claim on the
      // key while the database was gone; the server releases it once the database is back, so the
      // retry runs at once instead of being told 409 idempotency_in_progress.
      for (const [idempotencyKey, [first]] of attempts) {
        const retry = await create(idempotencyKey);
        expect(retry, idempotencyKey).toMatchObject({ status: 201 });
        if (first!.status === 201) expect(retry.merchantId).toBe(first!.merchantId);
      }
      const interrupted = [...attempts.values()].filter(([first]) => first!.status !== 201).length;
      console.log(
        `[outage] ${attempts.size} creates retried with their keys: all 201 at the first retry, ${interrupted} of them interrupted by the outage`,
      );
      const db = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:${pgPort}/tollgate` });
      await db.connect();
      const rows = (
        await db.query(
          `SELECT name, count(*)::int AS n FROM "Merchant" WHERE name LIKE 'Outage outage-%' GROUP BY name`,
        )
      ).rows as { name: string; n: number }[];
      await db.end();
      expect(
        rows.filter((r) => r.n !== 1),
        "no duplicates",
      ).toEqual([]);
      expect(rows.length, "nothing lost").toBe(attempts.size);
    } finally {
      await server.stop();
      try {
        pgctl("-m", "immediate", "stop");
      } catch {
        /* already stopped */
      }
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
