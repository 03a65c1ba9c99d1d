import "server-only";
import type { Authenticated } from "@/lib/api/authenticate";
import type { Prisma } from "@/lib/db";
import { env } from "@/lib/config/env";
import { logRequest } from "./buffer";
import { redactBody } from "./redact";

/**
 * Queues one answered /v1 request of a known caller for the request log. A request nobody could be
 * identified for (no key, a wrong key) belongs to no account's log.
 */
export function logApiRequest(input: { request: Request; response: Response; requestId: string; started: number; auth: Authenticated; body: unknown; errorBody: unknown }): void {
  if (env.REQUEST_LOG === "off") return;
  const { request, response, auth } = input;
  logRequest({
    id: input.requestId,
    accountId: auth.accountId,
    mode: auth.mode,
    apiKeyId: auth.caller.kind === "api_key" ? auth.caller.apiKeyId : null,
    appId: auth.caller.kind === "public_app" ? auth.caller.appId : null,
    method: request.method,
    path: pathWithQuery(request.url),
    status: response.status,
    durationMs: Math.round(performance.now() - input.started),
    requestBody: input.body === undefined ? null : (redactBody(input.body) as Prisma.InputJsonValue),
    errorBody: response.status >= 400 && input.errorBody !== undefined ? (input.errorBody as Prisma.InputJsonValue) : null,
    createdAt: new Date(),
  });
}

// The query is part of what was asked (filters, cursors); a URL longer than this is cut, not refused.
function pathWithQuery(url: string): string {
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`.slice(0, 2048);
}
