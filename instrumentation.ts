// Node-only: imported under the runtime check so that Next's edge compilation of this file never
// sees `process.exit` (see lib/platform/server/refuse-plain-next.ts).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs")
    (await import("./lib/platform/server/refuse-plain-next")).refusePlainNext();
}
