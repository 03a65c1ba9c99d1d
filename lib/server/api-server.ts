import type http from "node:http";
import { Readable } from "node:stream";
import { executeOperation } from "@/lib/api/execute";
import { errorResponse } from "@/lib/api/error-response";
import { operations } from "@/lib/api/operations";
import { createRouter } from "@/lib/api/router";
import { AppError } from "@/lib/errors/errors";

// /v1 served straight from node:http, the only way the operations are mounted: without the
// framework's per-request work (measured at ~1/60 of a bare server on these machines). Every other
// path, including /v1/openapi.json, goes to Next (or, in the API-only server, to start-api.ts).

const route = createRouter(operations);

export function isApiRequest(pathname: string): boolean {
  return pathname.startsWith("/v1/") && pathname !== "/v1/openapi.json";
}

export async function handleApiRequest(req: http.IncomingMessage, res: http.ServerResponse, baseUrl: string): Promise<void> {
  const url = new URL(req.url ?? "/", baseUrl);
  const match = route(req.method ?? "GET", url.pathname);
  let response: Response;
  if (match.kind === "operation") {
    const abort = new AbortController();
    // Only a client that went away mid-request aborts (an abort builds a DOMException: not per request).
    res.on("close", () => {
      if (!res.writableFinished) abort.abort();
    });
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    const request = new Request(url, {
      method: req.method,
      headers: toHeaders(req.headers),
      body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
      signal: abort.signal,
      // @ts-expect-error -- undici needs this for a streamed request body; the DOM types lack it
      duplex: "half",
    });
    response = await executeOperation(match.operation, request, match.params);
  } else if (match.kind === "method_not_allowed") {
    const allowed = match.allowed.join(", ");
    response = errorResponse(new AppError("method_not_allowed", `${req.method} is not allowed here. Allowed: ${allowed}.`), { Allow: allowed });
  } else {
    response = errorResponse(new AppError("not_found", `No such route: ${req.method} ${url.pathname}.`));
  }
  await sendResponse(req, res, response);
}

/** Writes a fetch Response to a node:http response. */
export async function sendResponse(req: http.IncomingMessage, res: http.ServerResponse, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  response.headers.forEach((value, name) => res.setHeader(name, value));
  // Answered before the body was read (e.g. 413): the rest of it is dropped with the connection, so
  // tell a keep-alive client not to send its next request down this one.
  if (!req.complete) res.setHeader("Connection", "close");
  res.setHeader("Content-Length", body.length);
  res.writeHead(response.status);
  res.end(req.method === "HEAD" ? undefined : body);
}

function toHeaders(incoming: http.IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}
