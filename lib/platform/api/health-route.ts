// GET /api/health, served by Next (app/api/health) and by the API-only server (lib/platform/server/start-api.ts).
import { checkHealth } from "@/lib/core/db/health";

export async function healthRoute(): Promise<Response> {
  const health = await checkHealth();
  return Response.json(health, {
    status: health.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
