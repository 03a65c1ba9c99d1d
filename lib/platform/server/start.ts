// The full Tollgate server: the API, the dashboard and the checkout in one process (see serve.ts;
// lib/platform/server/start-api.ts is the same without Next).
import next from "next";
import { builtAssets } from "@/lib/platform/checkout/client-script";
import { walletConnectConnectSources } from "@/lib/platform/checkout/walletconnect-setup";
import { env, publicBaseUrl } from "@/lib/core/config/env";
import { isCrossSiteAction, rejectCrossSiteAction } from "./cross-site-action";
import { serve } from "./serve";

const dev = process.argv.includes("--dev");

// Next's own start-up reads these; we derive them from our parsed environment.
process.env.NEXTAUTH_URL ??= publicBaseUrl();
process.env.NEXT_TELEMETRY_DISABLED = "1";

// A production server serves the checkout's scripts as built; without them it must not start.
if (!dev) builtAssets();
// instrumentation.ts refuses to serve in any process that is not this one (e.g. a plain `next start`).
(globalThis as { __tollgateServer?: boolean }).__tollgateServer = true;

await serve({
  dev,
  label: "",
  loadPages: async () => {
    const app = next({ dev, dir: process.cwd(), hostname: "localhost", port: env.PORT });
    await app.prepare();
    const handle = app.getRequestHandler();
    return {
      isApi: () => false,
      connectSources: walletConnectConnectSources(),
      handle: (req, res) => {
        if (isCrossSiteAction(req)) return rejectCrossSiteAction(res);
        void handle(req, res);
      },
      close: () => app.close(),
    };
  },
});
