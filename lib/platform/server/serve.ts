// What every Tollgate server process does, with or without the dashboard: it owns the database
// connection (and, in embedded mode, the only handle on .data/), applies migrations, seeds a fresh
// install, runs the background worker, and guards every request the same way (security headers,
// the caller address rule, connection limits) before /v1 goes to the API router and every other
// path to `pages` (Next, in the full server).
import http from "node:http";
import { describeSeed, hasAnyAccount, seedDemoAccount } from "@/lib/platform/server/seed-demo-account";
import { closeDb, connection } from "@/lib/core/db";
import { prepareDatabase } from "@/lib/core/db/prepare";
import { env, publicBaseUrl } from "@/lib/core/config/env";
import { isDatabaseUnavailable } from "@/lib/core/errors/errors";
import { logger } from "@/lib/core/log/logger";
import { inRequest } from "@/lib/core/log/request-context";
import { flushRequestLog } from "@/lib/domain/request-log/buffer";
import { startInlineWorker } from "@/lib/platform/tasks/inline";
import type { Worker } from "@/lib/platform/tasks/worker";
import { handleApiRequest, isApiRequest } from "./api-server";
import { callerAddress } from "./caller-address";
import { limitConnectionsPerAddress } from "./connection-limit";
import { applySecurityHeaders } from "./security-headers";

/** What serves the paths outside /v1: the dashboard, the checkout, /api/*, /v1/openapi.json. */
export type Pages = {
  /** Whether the request is a path this process answers with the JSON API's headers. */
  isApi: (pathname: string) => boolean;
  /** Origins beyond our own that pages' scripts may connect to (a WalletConnect relay). */
  connectSources: string[];
  handle: (req: http.IncomingMessage, res: http.ServerResponse) => void;
  close: () => Promise<void>;
};

export async function serve({
  dev,
  label,
  loadPages,
}: {
  dev: boolean;
  label: string;
  loadPages: () => Promise<Pages>;
}): Promise<void> {
  let backgroundWork: Worker | null = null;
  const prepareAndSeed = async () => {
    await prepareDatabase(logger, async () => {
      // The demo sign-in and key are for the person starting the server, not a log line (logs are
      // kept and shipped; a password must not be among them).
      if (!(await hasAnyAccount())) process.stdout.write(`${describeSeed(await seedDemoAccount())}\n`);
    });
    backgroundWork ??= startInlineWorker();
  };
  if (connection().kind === "embedded") {
    await prepareAndSeed();
  } else {
    prepareWhenReachable(prepareAndSeed).catch((error) => {
      logger.fatal({ err: error }, "Database preparation failed");
      process.exit(1);
    });
  }

  const pages = await loadPages();
  // A client sending its request slowly holds a connection for at most these times (Node's default
  // is 300 s for the request), checked every second.
  const serverOptions: http.ServerOptions = {
    headersTimeout: Math.min(env.HTTP_HEADERS_TIMEOUT_MS, env.HTTP_REQUEST_TIMEOUT_MS),
    requestTimeout: env.HTTP_REQUEST_TIMEOUT_MS,
    connectionsCheckingInterval: 1_000,
  };
  // Every request gets its id here, so that the lines Next's pages and actions log carry it too.
  const server = http.createServer(serverOptions, (req, res) =>
    inRequest(() => {
      const pathname = (req.url ?? "/").split("?")[0]!;
      const api = isApiRequest(pathname);
      applySecurityHeaders(req, res, !dev, pages.connectSources, api || pages.isApi(pathname));
      // From here on (Next, sign-in limits) X-Forwarded-For holds the one caller address we believe.
      const caller = callerAddress(
        req.headers["x-forwarded-for"],
        req.socket.remoteAddress,
        env.TRUSTED_PROXY_HOPS,
      );
      if (caller) req.headers["x-forwarded-for"] = caller;
      else delete req.headers["x-forwarded-for"];
      // Likewise the host a proxy says the client asked for: without a trusted proxy it is the caller's
      // invention, and Next's server-action origin check would believe it.
      if (env.TRUSTED_PROXY_HOPS === 0) delete req.headers["x-forwarded-host"];
      if (!hasDecodablePath(req.url ?? "/")) return rejectMalformedUrl(req, res);
      if (!api) return pages.handle(req, res);
      handleApiRequest(req, res, publicBaseUrl()).catch((error) => {
        logger.error({ err: error }, "API request failed outside the operation");
        if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ code: "internal_error", message: "An internal error occurred." }));
      });
    }),
  );
  limitConnectionsPerAddress(server, env.TRUSTED_PROXY_HOPS > 0 ? 0 : env.MAX_CONNECTIONS_PER_ADDRESS);
  server.listen(env.PORT, env.HOST, () => {
    const where = connection().kind === "embedded" ? `embedded database in ${env.DATA_DIR}/` : "PostgreSQL";
    logger.info(
      `Tollgate${label ? ` ${label}` : ""}${dev ? " (dev)" : ""} ready on ${publicBaseUrl()} using the ${where}`,
    );
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received; shutting down.`);
    // A round of background work stuck on an unreachable peer must not keep the process alive.
    setTimeout(() => process.exit(1), 15_000).unref();
    server.close();
    server.closeAllConnections();
    await pages.close().catch(() => {});
    await backgroundWork?.stop();
    await flushRequestLog();
    await closeDb();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  // Started by another Node process with an IPC channel (as tests do): stop when that process goes.
  if (process.send) process.on("disconnect", () => void stop("parent process gone"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

// A PostgreSQL that is down (or too slow) at start-up is waited for in the background; meanwhile
// the server answers, and /api/health reports 503. The schema engine reports driver failures only
// as "External error", so every preparation failure is retried, and said.
async function prepareWhenReachable(prepare: () => Promise<void>): Promise<void> {
  let waitedMs = 0;
  for (let delay = 1_000; ; delay = Math.min(delay * 2, 15_000)) {
    try {
      return await prepare();
    } catch (error) {
      // A database still starting (or failing over) is expected for a moment; past a minute it needs a person.
      if (isDatabaseUnavailable(error))
        (waitedMs < 60_000 ? logger.warn : logger.error).call(
          logger,
          `Database unreachable; retrying in ${delay / 1000}s.`,
        );
      else
        logger.error(
          `Database preparation failed (${error instanceof Error ? error.message : String(error)}); retrying in ${delay / 1000}s.`,
        );
      waitedMs += delay;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

// Next answers a path with broken percent-encoding (e.g. `%ff`) with a 500; it is the client's error.
function hasDecodablePath(url: string): boolean {
  try {
    decodeURIComponent(url.split("?")[0]!);
    return true;
  } catch {
    return false;
  }
}

function rejectMalformedUrl(req: http.IncomingMessage, res: http.ServerResponse) {
  const body = JSON.stringify({
    message: "The request path is not valid percent-encoded UTF-8.",
    code: "params_validation",
  });
  res.writeHead(400, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(body),
    "X-Content-Type-Options": "nosniff",
  });
  res.end(req.method === "HEAD" ? undefined : body);
}
