import "server-only";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "@/lib/core/config/env";
import { connect, connectReadOnly, type Connection } from "./connect";

function createClient(connection: Pick<Connection, "adapter">) {
  return new PrismaClient({
    adapter: connection.adapter,
    // Secret columns are never read unless a query asks for them by name.
    omit: {
      user: { passwordHash: true, totpSecret: true },
      apiKey: { hash: true },
      invitation: { joinPasswordHash: true },
    },
  });
}

export type Db = ReturnType<typeof createClient>;
/** A transaction, or the client itself where no transaction is needed: what domain functions query through. */
export type DbOrTx = Omit<Db, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

type State = { connection: Connection; client: Db; reader?: { client: Db; close: () => Promise<void> } };

// One client per process, shared through globalThis so that the server launcher, Next's bundled
// route modules and hot reloads all use the same connection (and the same embedded database).
const globalState = globalThis as unknown as { __tollgateDb?: State };

function state(): State {
  if (!globalState.__tollgateDb) {
    const connection = connect();
    globalState.__tollgateDb = { connection, client: createClient(connection) };
  }
  return globalState.__tollgateDb;
}

/** The Prisma client. Created on first use, so importing this module (e.g. during `next build`) connects to nothing. */
export function db(): Db {
  return state().client;
}

/** Makes `connection` the process's database from here on (test databases; see lib/core/testing). */
export function installConnection(connection: Connection): Db {
  globalState.__tollgateDb = { connection, client: createClient(connection) };
  return globalState.__tollgateDb.client;
}

/**
 * Where a dashboard list, search or export reads (the pages the README names under "Read routing"):
 * DATABASE_READ_URL's standby when set, on a read-only session, else the primary. Never for a money
 * path or anything read in order to write: those use `db()`.
 */
export function dbRead(): DbOrTx {
  const current = state();
  if (!env.DATABASE_READ_URL || current.connection.kind !== "postgresql") return current.client;
  if (!current.reader) {
    const reader = connectReadOnly(env.DATABASE_READ_URL);
    current.reader = { client: createClient(reader), close: reader.close };
  }
  return current.reader.client;
}

export function connection(): Connection {
  return state().connection;
}

export async function closeDb(): Promise<void> {
  const current = globalState.__tollgateDb;
  if (!current) return;
  globalState.__tollgateDb = undefined;
  await current.client.$disconnect();
  await current.connection.close();
  if (current.reader) {
    await current.reader.client.$disconnect();
    await current.reader.close();
  }
}
