import "server-only";
import fs from "node:fs";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { env } from "@/lib/core/config/env";
import { openPglite, pgliteQuery } from "./pglite";

export type Connection = {
  kind: "postgresql" | "embedded";
  adapter: SqlMigrationAwareDriverAdapterFactory;
  /**
   * An adapter for the schema engine, and how to let it go. The engine serialises migrations with a
   * session-level advisory lock, which only works if locking and unlocking use the same connection,
   * so on PostgreSQL it gets a pool of exactly one.
   */
  migrationAdapter: () => { adapter: SqlMigrationAwareDriverAdapterFactory; release: () => Promise<void> };
  close: () => Promise<void>;
  /**
   * Calls `onMessage` with each NOTIFY payload on `channel`, delivered when the notifying
   * transaction commits, from any instance. `onGap` runs whenever messages may have been missed
   * (the listening connection was lost and is back). Returns how to stop listening.
   */
  listen: (
    channel: string,
    onMessage: (payload: string) => void,
    onGap: () => void,
  ) => Promise<() => Promise<void>>;
  /** One statement straight on the driver, past Prisma (see lib/core/db/raw-query.ts). */
  query: DriverQuery;
  /**
   * Runs `work` while no other process runs work under the same lock (a PostgreSQL session advisory
   * lock on a direct connection; others wait for it). The embedded database has one process anyway.
   */
  exclusively: <T>(lockKey: number, work: () => Promise<T>) => Promise<T>;
};

/** `name` makes it a prepared statement on each pooled connection (PGlite prepares nothing). */
export type DriverQuery = <T>(text: string, values: unknown[], name?: string) => Promise<T[]>;

export function connect(): Connection {
  return env.DATABASE_URL
    ? connectPostgres(env.DATABASE_URL, env.DATABASE_DIRECT_URL)
    : connectEmbedded(env.DATA_DIR);
}

/**
 * With `directUrl`, `connectionString` is a transaction-mode pooler (PgBouncer): a session is not
 * ours from one transaction to the next there, so named prepared statements (PgBouncer before 1.21
 * cannot carry them), LISTEN and session advisory locks go only where they hold: statements
 * unnamed, the rest on the direct connection.
 */
function connectPostgres(connectionString: string, directUrl?: string): Connection {
  const direct = directUrl ?? connectionString;
  // One pool for Prisma and for the statements run past it.
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // An unreachable database must fail fast so callers can answer 503 instead of hanging.
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
  });
  const adapter = new PrismaPg(pool);
  const migrationAdapter = () => {
    const pool = new pg.Pool({ connectionString: direct, max: 1, connectionTimeoutMillis: 3_000 });
    return { adapter: new PrismaPg(pool), release: () => pool.end() };
  };
  return {
    kind: "postgresql",
    adapter,
    migrationAdapter,
    close: () => pool.end(),
    listen: (channel, onMessage, onGap) => listenPostgres(direct, channel, onMessage, onGap),
    query: async <T>(text: string, values: unknown[], name?: string) =>
      (await pool.query({ text, values, name: directUrl ? undefined : name })).rows as T[],
    exclusively: (lockKey, work) => exclusivelyPostgres(direct, lockKey, work),
  };
}

function connectEmbedded(dataDir: string): Connection {
  fs.mkdirSync(dataDir, { recursive: true });
  const releaseLock = acquireLock(path.join(dataDir, "pglite.lock"));
  // PGlite opens asynchronously and queues queries until it is ready.
  const pglite = openPglite(path.join(dataDir, "pglite"));
  const adapter = new PrismaPGlite(pglite);
  return {
    kind: "embedded",
    adapter,
    // PGlite is a single connection already.
    migrationAdapter: () => ({ adapter, release: async () => {} }),
    close: async () => {
      await pglite.close();
      releaseLock();
    },
    // One process owns the embedded database, so its own notifications are all there is; none is lost.
    listen: async (channel, onMessage) => {
      const unlisten = await pglite.listen(channel, onMessage);
      return unlisten;
    },
    query: pgliteQuery(pglite),
    exclusively: (_lockKey, work) => work(),
  };
}

async function exclusivelyPostgres<T>(
  connectionString: string,
  lockKey: number,
  work: () => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 3_000 });
  // A lost lock connection fails the next query on it; an unhandled 'error' would end the process.
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [lockKey]);
    return await work();
  } finally {
    // Ending the session releases the lock too, also when the unlock cannot be sent.
    await client.end().catch(() => {});
  }
}

// LISTEN needs a connection of its own, held open: a pooled one would be handed to other queries.
async function listenPostgres(
  connectionString: string,
  channel: string,
  onMessage: (payload: string) => void,
  onGap: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = 250;
  const open = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 3_000 });
    next.on("notification", (message) => {
      if (message.channel === channel && message.payload) onMessage(message.payload);
    });
    next.on("error", () => reopen(next));
    next.on("end", () => reopen(next));
    await next.connect();
    await next.query(`LISTEN "${channel}"`);
    client = next;
    retryMs = 250;
  };
  const reopen = (lost: pg.Client) => {
    if (stopped || client !== lost) return;
    client = null;
    lost.removeAllListeners("end");
    lost.end().catch(() => {});
    const retry = () => {
      if (stopped) return;
      open().then(onGap, () => {
        retryMs = Math.min(retryMs * 2, 5_000);
        setTimeout(retry, retryMs).unref();
      });
    };
    setTimeout(retry, retryMs).unref();
  };
  await open();
  return async () => {
    stopped = true;
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };
}

// PGlite has no lock of its own, and a second process opening the same directory corrupts it. The
// lock file is created exclusively, so of two processes starting at once exactly one gets it; a
// lock left by a process that has died is removed first.
function acquireLock(lockPath: string): () => void {
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt === 2) throw error;
    }
    const holder = readLockHolder(lockPath);
    if (holder === process.pid) break;
    if (holder !== null && isAlive(holder)) {
      throw new Error(
        `The embedded database in ${path.dirname(lockPath)} is in use by process ${holder}. ` +
          "Stop that process first, or set DATABASE_URL to share a PostgreSQL database.",
      );
    }
    fs.rmSync(lockPath, { force: true });
  }
  const release = () => {
    if (readLockHolder(lockPath) === process.pid) fs.rmSync(lockPath, { force: true });
  };
  process.once("exit", release);
  return release;
}

function readLockHolder(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockPath, "utf8"), 10);
    return Number.isInteger(pid) ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
