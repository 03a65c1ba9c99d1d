// Runs Tollgate's background work (every task in lib/platform/tasks/registry.ts) in its own process:
//   npm run worker
// Any number may run against one PostgreSQL database, beside servers started with
// TOLLGATE_WORKER=off (or not). Stops gracefully on SIGTERM or SIGINT.
import os from "node:os";
import { closeDb, connection } from "@/lib/core/db";
import { prepareDatabase } from "@/lib/core/db/prepare";
import { env } from "@/lib/core/config/env";
import { logger } from "@/lib/core/log/logger";
import { registeredTasks } from "@/lib/platform/tasks/registry";
import { startWorker } from "@/lib/platform/tasks/worker";

const log = logger.child({ component: "worker", worker: `${os.hostname()}:${process.pid}` });

try {
  // Opening the embedded database takes its lock; a server holding it makes this throw.
  if (connection().kind === "embedded") log.info(`Using the embedded database in ${env.DATA_DIR}/.`);
  await prepareDatabase(log);
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  const embedded = env.DATABASE_URL
    ? ""
    : " In embedded mode the server runs the background work itself; a separate worker needs PostgreSQL (DATABASE_URL).";
  log.fatal(`The worker cannot start. ${message}${embedded}`);
  process.exit(1);
}

const worker = startWorker(log);
log.info(`Started: ${registeredTasks.map((task) => task.name.toLowerCase()).join(", ")}.`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info(`${signal} received; finishing the current round.`);
  await worker.stop();
  await closeDb();
  log.info("Stopped.");
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
