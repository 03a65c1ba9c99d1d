// Runs Tollgate's background work (webhook delivery, the expiry sweeper) in its own process:
//   npm run worker
// Any number may run against one PostgreSQL database, beside servers started with
// TOLLGATE_WORKER=off (or not). Stops gracefully on SIGTERM or SIGINT.
import os from "node:os";
import { closeDb, connection } from "@/lib/db";
import { prepareDatabase } from "@/lib/db/prepare";
import { env } from "@/lib/env";
import { startWorker } from "@/lib/worker/worker";

const name = `${os.hostname()}:${process.pid}`;
const log = (line: string) => console.log(`[worker ${name}] ${line}`);

try {
  // Opening the embedded database takes its lock; a server holding it makes this throw.
  if (connection().kind === "embedded") log(`Using the embedded database in ${env.DATA_DIR}/.`);
  await prepareDatabase(log);
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`The worker cannot start. ${message}`);
  if (!env.DATABASE_URL) console.error("In embedded mode the server runs the background work itself; a separate worker needs PostgreSQL (DATABASE_URL).");
  process.exit(1);
}

const worker = startWorker(log);
log("Started: delivering webhooks and expiring overdue payments.");

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log(`${signal} received; finishing the current round.`);
  await worker.stop();
  await closeDb();
  log("Stopped.");
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
