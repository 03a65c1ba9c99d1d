import path from "node:path";

/** What `npm run build` made for the checkout: its two scripts' file names and the design tokens' CSS. */
export type CheckoutAssetsManifest = { page: string; walletConnect: string; tokensCss: string };

/** Where the build keeps them: inside Next's build directory, so a new build replaces them with it. */
export function checkoutAssetsDir(root: string): string {
  return path.join(root, process.env.NEXT_DIST_DIR || ".next", "checkout-assets");
}
