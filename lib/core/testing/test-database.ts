// A fresh in-memory PGlite database with the real migrations, for vitest tests of the domain:
//
//   withTestDatabase();          // at the top of a test file
//   const scope = await createTestAccount();   // in each test: its own account, nothing shared
//
// Every domain function's `db()` then reads and writes this database. Starting PGlite runs initdb,
// which takes 1.5-2 s, and migrating adds 0.2 s, so that is done once: the migrated data directory
// is kept in node_modules/.cache under a hash of the migrations, and each test file starts its own
// database from that copy (0.4 s).
//
// PGlite is one connection: inside `db().$transaction(...)` query only through the transaction's
// client. A query through `db()` there waits for the transaction to end, which waits for it.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { afterAll, beforeAll } from "vitest";
import { closeDb, installConnection } from "@/lib/core/db/client";
import { applyMigrations, readMigrations } from "@/lib/core/db/migrate";
import { openPglite, openPgliteFrom, pgliteQuery } from "@/lib/core/db/pglite";
import { CURRENT_API_VERSION } from "@/lib/core/config/api-version";
import { db, type Db, type Mode } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import type { Scope } from "@/lib/core/tenancy/scope";

/** Opens a test database for this file before its tests, and closes it after them. */
export function withTestDatabase(): void {
  beforeAll(openTestDatabase, 60_000);
  afterAll(closeDb);
}

/** A database of its own for this process, migrated to the current schema; `db()` returns its client. */
export async function openTestDatabase(): Promise<Db> {
  const pglite = openPgliteFrom(await migratedDataDir());
  const adapter = new PrismaPGlite(pglite);
  const client = installConnection({
    kind: "embedded",
    adapter,
    migrationAdapter: () => ({ adapter, release: async () => {} }),
    close: () => pglite.close(),
    listen: (channel, onMessage) => pglite.listen(channel, onMessage),
    query: pgliteQuery(pglite),
    exclusively: (_lockKey, work) => work(),
  });
  // The client's first query loads its query compiler (seconds on a busy machine): here, not in a test's time.
  await client.account.count();
  return client;
}

/** A new account (in test mode unless told otherwise) to keep one test's rows apart from another's. */
export async function createTestAccount(mode: Mode = "test"): Promise<Scope> {
  const account = await db().account.create({
    data: { id: newId("acct"), name: "Test account", apiVersion: CURRENT_API_VERSION },
  });
  return { accountId: account.id, mode };
}

const cacheDir = path.join(process.cwd(), "node_modules", ".cache", "tollgate-test-db");

async function migratedDataDir(): Promise<Blob> {
  const migrations = readMigrations().migrationDirectories;
  // A data directory loads only into the PGlite that wrote it.
  const hash = crypto
    .createHash("sha256")
    .update(fs.readFileSync(path.join(process.cwd(), "node_modules/@electric-sql/pglite/package.json")));
  for (const m of migrations)
    hash.update(m.path).update(m.migrationFile.content.tag === "ok" ? m.migrationFile.content.value : "");
  const name = `${hash.digest("hex").slice(0, 16)}.tar`;
  const file = path.join(cacheDir, name);
  if (!fs.existsSync(file)) {
    const pglite = openPglite();
    await applyMigrations(new PrismaPGlite(pglite));
    const dump = await pglite.dumpDataDir("none");
    await pglite.close();
    fs.mkdirSync(cacheDir, { recursive: true });
    // Test files starting at once may each build it; the rename makes whichever finishes last win whole.
    const partial = `${file}.${process.pid}`;
    fs.writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
    for (const old of fs.readdirSync(cacheDir))
      if (old.endsWith(".tar") && old !== name) fs.rmSync(path.join(cacheDir, old), { force: true });
  }
  return fs.openAsBlob(file);
}
