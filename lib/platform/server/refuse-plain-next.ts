// Tollgate is served by lib/platform/server/start.ts (`npm start`, `npm run serve`, `npm run dev`): it mounts
// /v1, applies migrations, sets the security headers, the caller-address rule and the cross-site
// check, and runs the worker. Started any other way (a plain `next start`), Next would serve the
// dashboard and checkout without them, so it is refused instead.
export function refusePlainNext(): void {
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  if ((globalThis as { __tollgateServer?: boolean }).__tollgateServer) return;
  console.error(
    "Tollgate must be started with `npm start` or `npm run serve` (lib/platform/server/start.ts), not `next start`: without it the API, migrations, security headers and background work are missing.",
  );
  process.exit(1);
}
