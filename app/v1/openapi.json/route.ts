import { openApiRoute } from "@/lib/platform/api/openapi-route";

export const dynamic = "force-dynamic";

/** The OpenAPI document of `?version=` (any version served), or of the current version. */
export function GET(request: Request) {
  return openApiRoute(request);
}
