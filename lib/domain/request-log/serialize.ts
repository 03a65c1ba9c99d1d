import type { RequestLog } from "@/lib/core/db";
import type { RequestLogJson } from "@/lib/domain/schemas/request-log";

export function serializeRequestLog(row: RequestLog): RequestLogJson {
  return {
    id: row.id,
    method: row.method,
    path: row.path,
    status: row.status,
    durationMs: row.durationMs,
    apiKeyId: row.apiKeyId,
    appId: row.appId,
    requestBody: row.requestBody,
    errorBody: row.errorBody,
    createdAt: row.createdAt.toISOString(),
  };
}
