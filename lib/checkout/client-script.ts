import "server-only";
import crypto from "node:crypto";
import path from "node:path";

// The checkout page's script (lib/checkout/client/checkout.ts), bundled with esbuild the first time
// it is asked for and kept for the life of the process, named by its content hash so that browsers
// may cache it for good. In development it is rebuilt on every request, so edits show at once.

export type ClientScript = { fileName: string; code: string };

const entry = path.join(process.cwd(), "lib/checkout/client/checkout.ts");
const cacheKey = Symbol.for("tollgate.checkoutClientScript");
const cache = globalThis as { [cacheKey]?: Promise<ClientScript> };

export function checkoutClientScript(): Promise<ClientScript> {
  if (process.env.NODE_ENV !== "production") return bundle();
  // Kept on globalThis: each route's server bundle has its own copy of this module.
  cache[cacheKey] ??= bundle().catch((error: unknown) => {
    delete cache[cacheKey];
    throw error;
  });
  return cache[cacheKey];
}

export const checkoutScriptPath = (fileName: string) => `/pay/assets/${fileName}`;

async function bundle(): Promise<ClientScript> {
  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    minify: true,
    format: "iife",
    target: "es2020",
    platform: "browser",
    legalComments: "none",
    alias: { "@": process.cwd() },
    logLevel: "silent",
  });
  const code = result.outputFiles[0]!.text;
  const hash = crypto.createHash("sha256").update(code).digest("hex").slice(0, 16);
  return { fileName: `checkout.${hash}.js`, code };
}
