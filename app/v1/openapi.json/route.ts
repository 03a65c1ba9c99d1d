import { buildOpenApi } from "@/lib/api/openapi";
import { operations } from "@/lib/api/operations";
import { publicBaseUrl } from "@/lib/config/env";

export const dynamic = "force-dynamic";

let document: ReturnType<typeof buildOpenApi> | undefined;

export function GET() {
  document ??= buildOpenApi(operations, publicBaseUrl());
  return Response.json(document, { headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" } });
}
