import "server-only";
import fs from "node:fs";
import path from "node:path";
import { checkoutAssetsDir, type CheckoutAssetsManifest } from "./assets-manifest";
import { bundleClientScripts, designTokensCss, type ClientScript, type ClientScripts } from "./bundle-client";

export type { ClientScript, ClientScripts };

// In production the checkout's scripts and tokens are files `npm run build` made
// (scripts/build-checkout-assets.ts), read once; in development they are made from source on every
// request, so edits show at once.

type Built = { scripts: ClientScripts; tokensCss: string };
const cacheKey = Symbol.for("tollgate.checkoutAssets");
// Kept on globalThis: each route's server bundle has its own copy of this module.
const cache = globalThis as { [cacheKey]?: Built };
const production = () => process.env.NODE_ENV === "production";

export function checkoutClientScripts(): Promise<ClientScripts> {
  return production() ? Promise.resolve(builtAssets().scripts) : bundleClientScripts(process.cwd());
}

/** `:root{…}` with the design tokens the checkout's stylesheet uses. */
export function checkoutTokensCss(): string {
  return production() ? builtAssets().tokensCss : designTokensCss(process.cwd());
}

export const checkoutScriptPath = (fileName: string) => `/pay/assets/${fileName}`;

/** The built assets; throws, saying what to run, when the build did not make them. */
export function builtAssets(): Built {
  if (cache[cacheKey]) return cache[cacheKey];
  const dir = checkoutAssetsDir(process.cwd());
  let manifest: CheckoutAssetsManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8")) as CheckoutAssetsManifest;
  } catch {
    throw new Error(
      `The checkout's scripts are not built (no ${path.relative(process.cwd(), dir)}/manifest.json): run \`npm run build\`.`,
    );
  }
  const read = (fileName: string): ClientScript => ({
    fileName,
    code: fs.readFileSync(path.join(dir, fileName), "utf8"),
  });
  cache[cacheKey] = {
    scripts: { page: read(manifest.page), walletConnect: read(manifest.walletConnect) },
    tokensCss: manifest.tokensCss,
  };
  return cache[cacheKey];
}
