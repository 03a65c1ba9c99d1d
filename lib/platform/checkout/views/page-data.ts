// What the server hands the checkout page's script (client/checkout/checkout.ts) in its
// `#checkout-data` block: the contract between the page this folder renders and the script.
import type { CheckoutStatus } from "@/lib/platform/checkout/checkout-status";
import type { CheckoutRedirects } from "@/lib/platform/checkout/redirect-urls";

/** What the server puts in the page's `#checkout-data` block. */
export type CheckoutData = {
  paymentId: string;
  status: CheckoutStatus;
  expiresAt: string;
  serverNow: number;
  amount: string;
  merchantName: string;
  returnUrl: string | null;
  /** The buyer's receipt page, linked once money arrived (paid, or paid wrongly). */
  receiptUrl: string | null;
  walletOptions: WalletOption[];
  /** Set in live mode when WalletConnect is configured. */
  walletConnect: WalletConnectSetup | null;
  /** Where to send the buyer once final, when the merchant set `checkout` on the payment. */
  redirects: CheckoutRedirects | null;
};

/**
 * An option a wallet pays through the checkout's Gateway routes, by settlement: the script needs only
 * its chain (EIP-155, hex, as `wallet_switchEthereumChain` wants it), never a recipient.
 */
export type WalletOption = { settlementId: string; networkName: string; chainId: string };

/** What the server tells the page about WalletConnect (live mode, when a project id is configured). */
export type WalletConnectSetup = WalletConnectConfig & {
  preferUniversalLinks: boolean;
  /** The script of client/checkout/walletconnect/sign-client.ts with WalletConnect's SDK, loaded when the buyer asks for it. */
  sdkSrc: string;
};

export type WalletConnectConfig = {
  projectId: string;
  relayUrl: string;
  /** Shown by the wallet; `redirect` is where it sends the buyer back afterwards. */
  metadata: {
    name: string;
    description: string;
    url: string;
    icons: string[];
    redirect?: { native?: string; universal?: string };
  };
};
