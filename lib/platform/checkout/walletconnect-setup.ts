import "server-only";
import { env, publicBaseUrl } from "@/lib/core/config/env";
import type { WalletConnectSetup } from "./views/page-data";

/**
 * What the live checkout needs to pair with wallets over WalletConnect, or null when no project id
 * is configured. The wallet shows the merchant, and sends the buyer back to `returnUrl` afterwards.
 */
export function walletConnectSetup(
  merchant: { name: string; iconUrl: string | null },
  returnUrl: string | null,
  preferUniversalLinks: boolean,
  sdkSrc: string,
): WalletConnectSetup | null {
  if (!env.WALLETCONNECT_PROJECT_ID) return null;
  const redirect = returnUrl
    ? returnUrl.startsWith("https:")
      ? { universal: returnUrl }
      : { native: returnUrl }
    : undefined;
  return {
    projectId: env.WALLETCONNECT_PROJECT_ID,
    relayUrl: env.WALLETCONNECT_RELAY_URL,
    preferUniversalLinks,
    sdkSrc,
    metadata: {
      name: merchant.name,
      description: `Pay ${merchant.name} with Tollgate`,
      url: publicBaseUrl(),
      icons: merchant.iconUrl ? [merchant.iconUrl] : [],
      ...(redirect ? { redirect } : {}),
    },
  };
}

/** The relay's origin, which the pages' Content-Security-Policy must let scripts connect to. */
export function walletConnectConnectSources(): string[] {
  return env.WALLETCONNECT_PROJECT_ID ? [new URL(env.WALLETCONNECT_RELAY_URL).origin] : [];
}
