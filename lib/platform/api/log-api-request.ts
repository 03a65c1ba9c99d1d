import "server-only";
import type { Authenticated } from "@/lib/platform/api/authenticate";
import type { Prisma } from "@/lib/core/db";
import { env } from "@/lib/core/config/env";
import { logRequest } from "@/lib/domain/request-log/buffer";
import { redactRequestLogEntry } from "@/lib/domain/request-log/redact";

/**
 * Queues one answered /v1 request of a known caller for the request log. A request nobody could be
 * identified for (no key, a wrong key) belongs to no account's log.
 */
export function logApiRequest(input: {
  method: string;
  path: string;
  status: number;
  requestId: string;
  started: number;
  auth: Authenticated;
  body: unknown;
  errorBody: unknown;
}): void {
  if (env.REQUEST_LOG === "off") return;
  const { auth, status, path, body, errorBody } = redactRequestLogEntry(input);
  logRequest({
    id: input.requestId,
    accountId: auth.accountId,
    mode: auth.mode,
    apiKeyId: auth.caller.kind === "api_key" ? auth.caller.apiKeyId : null,
    appId: auth.caller.kind === "public_app" ? auth.caller.appId : null,
    method: input.method,
    // The query is part of what was asked (filters, cursors); a URL longer than this is cut, not refused.
    path: path.slice(0, 2048),
    status,
    durationMs: Math.round(performance.now() - input.started),
    requestBody: body === undefined ? null : (body as Prisma.InputJsonValue),
    errorBody: status >= 400 && errorBody !== undefined ? (errorBody as Prisma.InputJsonValue) : null,
    createdAt: new Date(),
  });
}
