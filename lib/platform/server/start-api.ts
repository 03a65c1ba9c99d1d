// The API-only server (`npm run serve:api`): /v1, /v1/openapi.json and /api/health, without
// loading Next, for running API instances apart from the dashboard. Everything else is a 404.
import type http from "node:http";
import v8 from "node:v8";
import { healthRoute } from "@/lib/platform/api/health-route";
import { openApiRoute } from "@/lib/platform/api/openapi-route";
import { errorResponse } from "@/lib/platform/api/error-response";
import { AppError } from "@/lib/core/errors/errors";
import { logger } from "@/lib/core/log/logger";
import { sendResponse } from "./api-server";
import { env } from "@/lib/core/config/env";
import { serve } from "./serve";

// On PostgreSQL this process's only WebAssembly is Prisma's query compiler (its plans are cached
// after a query's first use) and the schema engine (migrations at start-up), so V8's optimising
// tier buys nothing but ~50 MB of compiler memory. Embedded PGlite (a whole PostgreSQL in
// WebAssembly) keeps it. Set before anything compiles: both compile on first use, not on import.
if (env.DATABASE_URL) v8.setFlagsFromString("--liftoff-only");

const routes: Record<string, (request: Request) => Response | Promise<Response>> = {
  "/api/health": healthRoute,
  "/v1/openapi.json": openApiRoute,
};

function answer(req: http.IncomingMessage): Promise<Response> | Response {
  const pathname = (req.url ?? "/").split("?")[0]!;
  const route = routes[pathname];
  if (!route)
    return errorResponse(
      new AppError(
        "not_found",
        `No such route: ${req.method} ${pathname}. This server answers the API only; the dashboard and checkout are served by \`npm run serve\`.`,
      ),
    );
  if (req.method !== "GET" && req.method !== "HEAD")
    return errorResponse(
      new AppError("method_not_allowed", `${req.method} is not allowed here. Allowed: GET, HEAD.`),
      { Allow: "GET, HEAD" },
    );
  return route(new Request(`http://api${req.url ?? "/"}`));
}

await serve({
  dev: false,
  label: "API",
  loadPages: async () => ({
    isApi: () => true,
    connectSources: [],
    handle: (req, res) => {
      Promise.resolve(answer(req))
        .then((response) => sendResponse(req, res, response))
        .catch((error) => {
          logger.error({ err: error }, "Request failed");
          if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json" });
          res.end(JSON.stringify({ code: "internal_error", message: "An internal error occurred." }));
        });
    },
    close: async () => {},
  }),
});
