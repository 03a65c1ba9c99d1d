import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

// How the checkout's browser assets are made from source: by `npm run build` (scripts/build-checkout-assets.ts)
// for production, and on each request in development. Not server-only: the build script runs it.
// - `page` (client/checkout/checkout.ts) is the one script the page loads.
// - `walletConnect` (client/checkout/walletconnect/sign-client.ts, with WalletConnect's SDK) is
//   a module the page imports only when the buyer chooses WalletConnect: it is larger than
//   everything else on the page together.

export type ClientScript = { fileName: string; code: string };
export type ClientScripts = { page: ClientScript; walletConnect: ClientScript };

export async function bundleClientScripts(root: string): Promise<ClientScripts> {
  const client = path.join(root, "client/checkout");
  const [page, walletConnect] = await Promise.all([
    bundle(root, "checkout", path.join(client, "checkout.ts"), "iife"),
    bundle(root, "walletconnect", path.join(client, "walletconnect/sign-client.ts"), "esm"),
  ]);
  return { page, walletConnect };
}

async function bundle(
  root: string,
  name: string,
  entry: string,
  format: "iife" | "esm",
): Promise<ClientScript> {
  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    minify: true,
    format,
    target: "es2020",
    platform: "browser",
    legalComments: "none",
    alias: { "@": root },
    logLevel: "silent",
  });
  const code = result.outputFiles[0]!.text;
  // Named by content, so browsers may cache a script for good: a new build of it is a new name.
  const hash = crypto.createHash("sha256").update(code).digest("hex").slice(0, 16);
  return { fileName: `${name}.${hash}.js`, code };
}

/** The dashboard's design tokens (app/tokens.css, a Tailwind theme) as custom properties for the checkout's stylesheet. */
export function designTokensCss(root: string): string {
  const source = fs.readFileSync(path.join(root, "app/tokens.css"), "utf8");
  const theme = /@theme\s*\{([^}]*)\}/.exec(source)?.[1];
  if (!theme) throw new Error("app/tokens.css has no @theme block");
  const declarations = [...theme.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map(
    ([, name, value]) => `${name}:${value!.trim()}`,
  );
  return `:root{${declarations.join(";")}}`;
}
