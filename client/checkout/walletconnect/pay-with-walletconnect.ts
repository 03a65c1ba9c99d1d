import { html } from "@/lib/platform/checkout/views/html";
import { qrSvg } from "@/lib/platform/checkout/views/qr-svg";
import { pay } from "@/client/checkout/browser-wallet";
import type { LiveStatus } from "@/client/checkout/live-status";
import { walletConnectProvider } from "./provider";
import type { WalletSession } from "./sign-client";
import type { WalletConnectSetup, WalletOption } from "@/lib/platform/checkout/views/page-data";
import { walletLinks } from "./wallet-links";

/**
 * Shows each option's "Pay with WalletConnect" button. Pressing it loads WalletConnect's SDK, takes
 * the session a wallet approved earlier (on this or an earlier visit) or pairs with a wallet app
 * (QR code, or links that open the app on this phone), then pays exactly as an injected wallet would.
 */
export function setUpWalletConnect(
  paymentId: string,
  options: WalletOption[],
  setup: WalletConnectSetup,
  status: LiveStatus,
): void {
  for (const container of document.querySelectorAll<HTMLElement>("[data-walletconnect]")) {
    const option = options.find((o) => o.settlementId === container.dataset.walletconnect);
    const button = container.querySelector("button");
    if (!option || !button) continue;
    container.hidden = false;
    button.addEventListener("click", () => {
      const provider = walletConnectProvider(() => connect(setup, option, container), option.chainId);
      void pay(provider, paymentId, option, status, container, button);
    });
  }
}

/** A session with an account on the option's chain: the one the wallet approved before, or a new pairing. */
async function connect(
  setup: WalletConnectSetup,
  option: WalletOption,
  container: HTMLElement,
): Promise<WalletSession> {
  const chain = `eip155:${BigInt(option.chainId)}`;
  const sdk = (await import(setup.sdkSrc).catch(() => {
    throw new Error("WalletConnect could not be loaded. Check your connection and try again.");
  })) as typeof import("./sign-client");
  const walletConnect = await sdk.walletConnect(setup);
  const existing = walletConnect.existingSession(chain);
  if (existing) return existing;
  const pairing = await walletConnect.pair(chain, ["eth_sendTransaction", "eth_signTypedData_v4"]);
  const links = walletLinks(pairing.uri, setup.preferUniversalLinks);
  // A bare wc: link is left to the OS in a browser; a native app's web view blocks it (spec 4).
  const inWebView = "NativeWebView" in window || "ReactNativeWebView" in window;
  container.insertAdjacentHTML(
    "afterbegin",
    html`<div class="stack wide" data-testid="walletconnect-pairing" data-uri="${pairing.uri}">
<p class="small center">Scan with a WalletConnect wallet, or open yours on this phone:</p>
${qrSvg(pairing.uri, "WalletConnect QR code", "walletconnect-qr")}
<div class="links">${links.map((link) => html`<a class="btn secondary" href="${link.href}">${link.name}</a>`)}${!inWebView && html`<a class="btn secondary" href="${pairing.uri}">Other wallet</a>`}</div>
<button type="button" class="btn secondary wide" data-copy>Copy connection link</button>
<button type="button" class="btn wide" data-cancel>Cancel</button>
</div>`.value,
  );
  const panel = container.querySelector<HTMLElement>("[data-testid=walletconnect-pairing]")!;
  const copy = panel.querySelector<HTMLButtonElement>("[data-copy]")!;
  copy.addEventListener("click", () => {
    navigator.clipboard.writeText(pairing.uri).then(
      () => (copy.textContent = "Copied"),
      () => (copy.textContent = "Could not copy; scan the code instead"),
    );
  });
  panel.querySelector("[data-cancel]")!.addEventListener("click", () => pairing.cancel());
  // One code to scan at a time: the option's own QR code and wallet link step aside meanwhile.
  const body = container.closest<HTMLElement>(".option-body");
  body?.setAttribute("data-pairing", "");
  try {
    // Shown while the buyer opens their wallet; gone once the wallet answers.
    return await pairing.session;
  } finally {
    panel.remove();
    body?.removeAttribute("data-pairing");
  }
}
