// GET /v1/openapi.json, served by Next (app/v1/openapi.json) and by the API-only server (lib/platform/server/start-api.ts).
import { CURRENT_API_VERSION } from "@/lib/core/config/api-version";
import { errorResponse } from "@/lib/platform/api/error-response";
import { buildOpenApi } from "@/lib/platform/api/openapi";
import { operations } from "@/lib/platform/api/operations";
import { knownApiVersion } from "@/lib/platform/api/version";
import { publicBaseUrl } from "@/lib/core/config/env";
import type { AppError } from "@/lib/core/errors/errors";

const documents = new Map<string, ReturnType<typeof buildOpenApi>>();

/** The OpenAPI document of `?version=` (any version served), or of the current version. */
export function openApiRoute(request: Request): Response {
  let version: string;
  try {
    const requested = new URL(request.url).searchParams.get("version");
    version = requested === null ? CURRENT_API_VERSION : knownApiVersion(requested);
  } catch (error) {
    return errorResponse(error as AppError);
  }
  let document = documents.get(version);
  if (!document) documents.set(version, (document = buildOpenApi(operations, publicBaseUrl(), version)));
  return Response.json(document, {
    headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" },
  });
}
