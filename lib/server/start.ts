// The process that serves Tollgate: it owns the database connection (and, in embedded mode, the
// only handle on .data/), applies migrations, seeds a fresh install, then hands requests to Next.
import http from "node:http";
import next from "next";
import { walletConnectConnectSources } from "@/lib/checkout/walletconnect-setup";
import { describeSeed, hasAnyAccount, seedDemoAccount } from "@/lib/accounts/seed-demo-account";
import { closeDb, connection } from "@/lib/db";
import { prepareDatabase } from "@/lib/db/prepare";
import { env, publicBaseUrl } from "@/lib/env";
import { isDatabaseUnavailable } from "@/lib/errors";
import { startInlineWorker } from "@/lib/worker/inline";
import type { Worker } from "@/lib/worker/worker";
import { handleApiRequest, isApiRequest } from "./api-server";
import { callerAddress } from "./caller-address";
import { limitConnectionsPerAddress } from "./connection-limit";
import { applySecurityHeaders } from "./security-headers";
import { isCrossSiteAction, rejectCrossSiteAction } from "./cross-site-action";

const dev = process.argv.includes("--dev");
let backgroundWork: Worker | null = null;

async function prepareAndSeed() {
  await prepareDatabase();
  if (!(await hasAnyAccount())) console.log(describeSeed(await seedDemoAccount()));
  backgroundWork ??= startInlineWorker();
}

// A PostgreSQL that is down (or too slow) at start-up is waited for in the background; meanwhile
// the server answers, and /api/health reports 503. The schema engine reports driver failures only
// as "External error", so every preparation failure is retried, and said.
async function prepareWhenReachable(): Promise<void> {
  for (let delay = 1_000; ; delay = Math.min(delay * 2, 15_000)) {
    try {
      return await prepareAndSeed();
    } catch (error) {
      const reason = isDatabaseUnavailable(error) ? "Database unreachable" : `Database preparation failed (${error instanceof Error ? error.message : String(error)})`;
      console.error(`${reason}; retrying in ${delay / 1000}s.`);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

// Next's own start-up reads these; we derive them from our parsed environment.
process.env.NEXTAUTH_URL ??= publicBaseUrl();
process.env.NEXT_TELEMETRY_DISABLED = "1";

if (connection().kind === "embedded") {
  await prepareAndSeed();
} else {
  prepareWhenReachable().catch((error) => {
    console.error("Database preparation failed", error);
    process.exit(1);
  });
}

const app = next({ dev, dir: process.cwd(), hostname: "localhost", port: env.PORT });
await app.prepare();
const handle = app.getRequestHandler();
const connectSources = walletConnectConnectSources();
// A client sending its request slowly holds a connection for at most these times (Node's default
// is 300 s for the request), checked every second.
const serverOptions: http.ServerOptions = { headersTimeout: Math.min(env.HTTP_HEADERS_TIMEOUT_MS, env.HTTP_REQUEST_TIMEOUT_MS), requestTimeout: env.HTTP_REQUEST_TIMEOUT_MS, connectionsCheckingInterval: 1_000 };
const server = http.createServer(serverOptions, (req, res) => {
  const api = isApiRequest((req.url ?? "/").split("?")[0]!);
  applySecurityHeaders(req, res, !dev, connectSources, api);
  // From here on (Next, sign-in limits) X-Forwarded-For holds the one caller address we believe.
  const caller = callerAddress(req.headers["x-forwarded-for"], req.socket.remoteAddress, env.TRUSTED_PROXY_HOPS);
  if (caller) req.headers["x-forwarded-for"] = caller;
  else delete req.headers["x-forwarded-for"];
  // Likewise the host a proxy says the client asked for: without a trusted proxy it is the caller's
  // invention, and Next's server-action origin check would believe it.
  if (env.TRUSTED_PROXY_HOPS === 0) delete req.headers["x-forwarded-host"];
  if (!hasDecodablePath(req.url ?? "/")) return rejectMalformedUrl(req, res);
  if (api) {
    handleApiRequest(req, res, publicBaseUrl()).catch((error) => {
      console.error("API request failed outside the operation", error);
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ code: "internal_error", message: "An internal error occurred." }));
    });
    return;
  }
  if (isCrossSiteAction(req)) return rejectCrossSiteAction(res);
  void handle(req, res);
});
limitConnectionsPerAddress(server, env.TRUSTED_PROXY_HOPS > 0 ? 0 : env.MAX_CONNECTIONS_PER_ADDRESS);
server.listen(env.PORT, env.HOST, () => {
  const where = connection().kind === "embedded" ? `embedded database in ${env.DATA_DIR}/` : "PostgreSQL";
  console.log(`Tollgate ${dev ? "(dev) " : ""}ready on ${publicBaseUrl()} using the ${where}`);
});

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
  const body = JSON.stringify({ message: "The request path is not valid percent-encoded UTF-8.", code: "params_validation" });
  res.writeHead(400, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body), "X-Content-Type-Options": "nosniff" });
  res.end(req.method === "HEAD" ? undefined : body);
}

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received; shutting down.`);
  // A round of background work stuck on an unreachable peer must not keep the process alive.
  setTimeout(() => process.exit(1), 15_000).unref();
  server.close();
  server.closeAllConnections();
  await app.close().catch(() => {});
  await backgroundWork?.stop();
  await closeDb();
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
// Started by another Node process with an IPC channel (as tests do): stop when that process goes.
if (process.send) process.on("disconnect", () => void stop("parent process gone"));
process.on("SIGTERM", () => void stop("SIGTERM"));
