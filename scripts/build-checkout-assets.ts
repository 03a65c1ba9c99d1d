// `npm run build` runs this after `next build`: the checkout's scripts and design tokens, written
// beside Next's build, so that a production server serves files and never bundles on a request.
import fs from "node:fs";
import path from "node:path";
import { bundleClientScripts, designTokensCss } from "@/lib/platform/checkout/bundle-client";
import { checkoutAssetsDir, type CheckoutAssetsManifest } from "@/lib/platform/checkout/assets-manifest";

const root = process.cwd();
const out = checkoutAssetsDir(root);
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
const scripts = await bundleClientScripts(root);
for (const script of Object.values(scripts)) fs.writeFileSync(path.join(out, script.fileName), script.code);
const manifest: CheckoutAssetsManifest = {
  page: scripts.page.fileName,
  walletConnect: scripts.walletConnect.fileName,
  tokensCss: designTokensCss(root),
};
fs.writeFileSync(path.join(out, "manifest.json"), JSON.stringify(manifest, null, 2));
console.log(
  `Checkout assets: ${Object.values(scripts)
    .map((s) => `${s.fileName} (${(s.code.length / 1024).toFixed(1)} KiB)`)
    .join(", ")} in ${path.relative(root, out)}/`,
);
