import { outcomeMessage, type FinalStatus } from "@/lib/bridge/outcome-message";

type Bridge = { postMessage?: unknown };

declare global {
  interface Window {
    NativeWebView?: Bridge;
    ReactNativeWebView?: Bridge;
  }
}

const posted = new Set<string>();

/**
 * Tells an embedding app how the payment ended (spec section 6): one JSON string to
 * `NativeWebView.postMessage` and one to `ReactNativeWebView.postMessage`, each only if present,
 * once per payment for the life of the page. An app that aliases one bridge to the other gets it once.
 */
export function postOutcomeOnce(paymentId: string, status: FinalStatus): void {
  if (posted.has(paymentId)) return;
  posted.add(paymentId);
  const message = JSON.stringify(outcomeMessage(status));
  const bridges = [window.NativeWebView, window.ReactNativeWebView];
  bridges.forEach((bridge, index) => {
    if (!bridge || typeof bridge.postMessage !== "function" || bridges.indexOf(bridge) !== index) return;
    try {
      (bridge as { postMessage: (message: string) => void }).postMessage(message);
    } catch {
      // A broken host bridge must not break the page; the app can still poll the status endpoint.
    }
  });
}
