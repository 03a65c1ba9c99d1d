import "server-only";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { connect, type Connection } from "./connect";

function createClient(connection: Connection) {
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

type State = { connection: Connection; client: Db };

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

export function connection(): Connection {
  return state().connection;
}

export async function closeDb(): Promise<void> {
  const current = globalState.__tollgateDb;
  if (!current) return;
  globalState.__tollgateDb = undefined;
  await current.client.$disconnect();
  await current.connection.close();
}
