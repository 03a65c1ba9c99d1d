import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openPglite } from "@/lib/core/db/pglite";
import pg from "pg";
import { migratedDataDir } from "../support/embedded-template";
import { spawnServer, type SpawnedServer } from "../support/spawn-server";
import { usesPostgres } from "../support/settings";

// A Tollgate server on a database of its own (a fresh PostgreSQL database beside the suite's, or a
// fresh embedded data directory), so a test can count rows without other tests' background work
// in the figures. The fresh install seeds the demo account and prints its test key. An embedded one
// comes migrated unless `fresh` (the server creates and migrates it); a PostgreSQL one is always empty.

export type Scratch = {
  env: Record<string, string>;
  /** The demo account's test key is printed on the first start only; it is kept from then on. */
  start: (port: number, entry?: string) => Promise<SpawnedServer>;
  testKey: () => string;
  /** Runs queries on the database; on the embedded one only while no server holds it. */
  query: <T>(work: (sql: (text: string) => Promise<Record<string, unknown>[]>) => Promise<T>) => Promise<T>;
  drop: () => Promise<void>;
};

export async function scratchDatabase(
  label: string,
  env: Record<string, string> = {},
  { fresh = false } = {},
): Promise<Scratch> {
  let base: Record<string, string>;
  let query: Scratch["query"];
  let drop: () => Promise<void>;
  if (usesPostgres) {
    const url = new URL(process.env.DATABASE_URL!);
    const name = `${url.pathname.slice(1)}_${label}`;
    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin(`CREATE DATABASE "${name}"`);
    url.pathname = `/${name}`;
    base = { DATABASE_URL: url.toString() };
    query = async (work) => {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return await work(async (text) => (await client.query(text)).rows);
      } finally {
        await client.end();
      }
    };
    drop = () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } else {
    const dataDir = fresh
      ? fs.mkdtempSync(path.join(os.tmpdir(), `tollgate-${label}-`))
      : migratedDataDir(label);
    base = { DATA_DIR: dataDir, DATABASE_URL: "" };
    query = async (work) => {
      const db = openPglite(path.join(dataDir, "pglite"));
      try {
        return await work(async (text) => (await db.query<Record<string, unknown>>(text)).rows);
      } finally {
        await db.close();
      }
    };
    drop = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const fullEnv = { SEED_OWNER_EMAIL: `${label}@demo.tollgate.test`, ...base, ...env };
  let testKey = "";
  return {
    env: fullEnv,
    start: async (port, entry) => {
      const server = await spawnServer(fullEnv, port, entry);
      testKey ||= await printedTestKey(server);
      return server;
    },
    testKey: () => testKey,
    query,
    drop,
  };
}

/** The demo test key a fresh install prints; on PostgreSQL the seed runs once the server is already listening. */
export async function printedTestKey(server: SpawnedServer): Promise<string> {
  for (let waited = 0; waited < 60_000; waited += 250) {
    const key = /Test API key:\s+(\S+)/.exec(server.output())?.[1];
    if (key) return key;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server printed no test key:\n${server.output()}`);
}
