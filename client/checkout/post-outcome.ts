import { bridgeNames, type BridgeName } from "@/lib/core/bridge/bridge-names";
import { outcomeMessage, type FinalStatus } from "@/lib/core/bridge/outcome-message";

type Bridge = { postMessage?: unknown };

export { bridgeNames, type BridgeName };

/** Where an embedding app's web view puts its bridge objects (the page's `window`). */
export type BridgeHost = { [name in BridgeName]?: Bridge };

/**
 * Tells an embedding app how the payment ended (spec section 6): one JSON string to
 * `NativeWebView.postMessage` and one to `ReactNativeWebView.postMessage`, each only if present,
 * once for the life of the page, whatever is called after. An app that aliases one bridge to the
 * other gets it once. Answers the bridges that took the message (none on a later call).
 */
export function outcomePoster(host: BridgeHost): (status: FinalStatus) => BridgeName[] {
  let posted = false;
  return (status) => {
    if (posted) return [];
    posted = true;
    const message = JSON.stringify(outcomeMessage(status));
    const bridges = bridgeNames.map((name) => host[name]);
    return bridgeNames.filter((_, index) => {
      const bridge = bridges[index];
      if (!bridge || typeof bridge.postMessage !== "function" || bridges.indexOf(bridge) !== index)
        return false;
      try {
        (bridge as { postMessage: (message: string) => void }).postMessage(message);
        return true;
      } catch {
        // A broken host bridge must not break the page; the app can still poll the status endpoint.
        return false;
      }
    });
  };
}
