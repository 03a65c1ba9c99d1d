import { describe, expect, it } from "vitest";
import { outcomePoster } from "./post-outcome";

const recorder = () => {
  const messages: unknown[] = [];
  return { messages, bridge: { postMessage: (message: unknown) => messages.push(message) } };
};
const success = JSON.stringify({ type: "PAY_SUCCESS", success: true, message: "The payment succeeded." });

describe("outcomePoster", () => {
  it("posts one JSON string to each bridge present", () => {
    const native = recorder();
    const reactNative = recorder();
    expect(
      outcomePoster({ NativeWebView: native.bridge, ReactNativeWebView: reactNative.bridge })("succeeded"),
    ).toEqual(["NativeWebView", "ReactNativeWebView"]);
    expect(native.messages).toEqual([success]);
    expect(reactNative.messages).toEqual([success]);
  });

  it("posts the failure message for failed, cancelled and expired", () => {
    for (const [status, error] of [
      ["failed", "The payment failed."],
      ["cancelled", "The payment was cancelled."],
      ["expired", "The payment expired before it was paid."],
    ] as const) {
      const native = recorder();
      outcomePoster({ NativeWebView: native.bridge })(status);
      expect(native.messages).toEqual([JSON.stringify({ type: "PAY_FAILURE", success: false, error })]);
    }
  });

  it("posts only once, whatever is reported afterwards", () => {
    const native = recorder();
    const post = outcomePoster({ NativeWebView: native.bridge });
    expect(post("succeeded")).toEqual(["NativeWebView"]);
    expect(post("succeeded")).toEqual([]);
    expect(post("failed")).toEqual([]);
    expect(native.messages).toEqual([success]);
  });

  it("posts once to a bridge the app installed under both names", () => {
    const shared = recorder();
    expect(
      outcomePoster({ NativeWebView: shared.bridge, ReactNativeWebView: shared.bridge })("succeeded"),
    ).toEqual(["NativeWebView"]);
    expect(shared.messages).toEqual([success]);
  });

  it("does nothing, and does not throw, without a usable bridge", () => {
    expect(outcomePoster({})("failed")).toEqual([]);
    expect(outcomePoster({ NativeWebView: { postMessage: "not a function" } })("failed")).toEqual([]);
  });

  it("survives a bridge that throws, and still reaches the other one", () => {
    const reactNative = recorder();
    const broken = {
      postMessage: () => {
        throw new Error("bridge gone");
      },
    };
    // Only the bridge that took the message counts as having received it.
    expect(
      outcomePoster({ NativeWebView: broken, ReactNativeWebView: reactNative.bridge })("succeeded"),
    ).toEqual(["ReactNativeWebView"]);
    expect(reactNative.messages).toEqual([success]);
  });
});
