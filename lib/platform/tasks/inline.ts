import "server-only";
import { env } from "@/lib/core/config/env";
import { logger } from "@/lib/core/log/logger";
import { startWorker, type Worker } from "./worker";

/** The server's own background worker, unless TOLLGATE_WORKER=off leaves the work to `npm run worker`. */
export function startInlineWorker(): Worker | null {
  if (env.TOLLGATE_WORKER === "off") {
    logger.info("Background work is off in this process (TOLLGATE_WORKER=off); run `npm run worker` for it.");
    return null;
  }
  return startWorker(logger.child({ component: "worker" }));
}
