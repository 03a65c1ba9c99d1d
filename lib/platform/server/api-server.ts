import type http from "node:http";
import type { ApiAnswer } from "@/lib/platform/api/answer";
import type { ApiRequest } from "@/lib/platform/api/api-request";
import { executeOperation } from "@/lib/platform/api/execute";
import { refusal } from "@/lib/platform/api/error-response";
import { operations } from "@/lib/platform/api/operations";
import { createRouter } from "@/lib/platform/api/router";
import { AppError } from "@/lib/core/errors/errors";

// /v1 served straight from node:http, the only way the operations are mounted: without the
// framework's per-request work (measured at ~1/60 of a bare server on these machines). Every other
// path, including /v1/openapi.json, goes to Next (or, in the API-only server, to start-api.ts).

const route = createRouter(operations);

export function isApiRequest(pathname: string): boolean {
  return pathname.startsWith("/v1/") && pathname !== "/v1/openapi.json";
}

export async function handleApiRequest(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  baseUrl: string,
): Promise<void> {
  const url = new URL(req.url ?? "/", baseUrl);
  const match = route(req.method ?? "GET", url.pathname);
  let answer: ApiAnswer;
  if (match.kind === "operation") {
    const abort = new AbortController();
    // Only a client that went away mid-request aborts (an abort builds a DOMException: not per request).
    res.on("close", () => {
      if (!res.writableFinished) abort.abort();
    });
    const request: ApiRequest = {
      method: req.method ?? "GET",
      pathname: url.pathname,
      search: url.search,
      header: (name) => headerValue(req.headers[name]),
      body: req,
      signal: abort.signal,
    };
    answer = await executeOperation(match.operation, request, match.params);
  } else if (match.kind === "method_not_allowed") {
    const allowed = match.allowed.join(", ");
    answer = refusal(
      new AppError("method_not_allowed", `${req.method} is not allowed here. Allowed: ${allowed}.`),
      { Allow: allowed },
    );
  } else {
    answer = refusal(new AppError("not_found", `No such route: ${req.method} ${url.pathname}.`));
  }
  const body = Buffer.from(answer.body);
  writeHead(req, res, answer.status, { ...answer.headers, "Content-Length": String(body.length) });
  res.end(req.method === "HEAD" ? undefined : body);
}

/** Writes a fetch Response to a node:http response. */
export async function sendResponse(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  response: Response,
): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  writeHead(req, res, response.status, { ...headers, "Content-Length": String(body.length) });
  res.end(req.method === "HEAD" ? undefined : body);
}

function writeHead(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  status: number,
  headers: Record<string, string>,
): void {
  // Answered before the body was read (e.g. 413): the rest of it is dropped with the connection, so
  // tell a keep-alive client not to send its next request down this one.
  if (!req.complete) headers.Connection = "close";
  res.writeHead(status, headers);
}

// As fetch's Headers.get gives a repeated header: its values joined by ", ".
function headerValue(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(", ") : value;
}
