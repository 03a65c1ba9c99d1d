import { outcomeMessage, type FinalStatus } from "@/lib/bridge/outcome-message";

type Bridge = { postMessage?: unknown };

/** Where an embedding app's web view puts its bridge objects (the page's `window`). */
export type BridgeHost = { NativeWebView?: Bridge; ReactNativeWebView?: Bridge };

/**
 * Tells an embedding app how the payment ended (spec section 6): one JSON string to
 * `NativeWebView.postMessage` and one to `ReactNativeWebView.postMessage`, each only if present,
 * once for the life of the page, whatever is called after. An app that aliases one bridge to the
 * other gets it once.
 */
export function outcomePoster(host: BridgeHost): (status: FinalStatus) => void {
  let posted = false;
  return (status) => {
    if (posted) return;
    posted = true;
    const message = JSON.stringify(outcomeMessage(status));
    const bridges = [host.NativeWebView, host.ReactNativeWebView];
    bridges.forEach((bridge, index) => {
      if (!bridge || typeof bridge.postMessage !== "function" || bridges.indexOf(bridge) !== index) return;
      try {
        (bridge as { postMessage: (message: string) => void }).postMessage(message);
      } catch {
        // A broken host bridge must not break the page; the app can still poll the status endpoint.
      }
    });
  };
}
