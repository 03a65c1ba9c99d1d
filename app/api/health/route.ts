import { healthRoute } from "@/lib/platform/api/health-route";

export const dynamic = "force-dynamic";

export function GET() {
  return healthRoute();
}
