/** The bridge objects an embedding app's web view may install on the page's `window`. */
export const bridgeNames = ["NativeWebView", "ReactNativeWebView"] as const;
export type BridgeName = (typeof bridgeNames)[number];
