import "server-only";
import { connection, db } from "@/lib/core/db";

export type Health = {
  status: "ok" | "unavailable";
  database: { kind: "postgresql" | "embedded"; reachable: boolean; latencyMs?: number };
};

const timeoutMs = 2_000;

export async function checkHealth(): Promise<Health> {
  const kind = connection().kind;
  const started = performance.now();
  try {
    await Promise.race([
      db().$queryRaw`SELECT 1`,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error("health check timed out")), timeoutMs).unref(),
      ),
    ]);
    return {
      status: "ok",
      database: { kind, reachable: true, latencyMs: Math.round(performance.now() - started) },
    };
  } catch {
    return { status: "unavailable", database: { kind, reachable: false } };
  }
}
