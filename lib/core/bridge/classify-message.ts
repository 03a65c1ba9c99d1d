// The native side of the checkout's bridge messages (spec section 6). Dependency-free, so an app
// can copy this folder into a React Native project (or port it line by line to Swift or Kotlin).

export type MessageKind = "success" | "failure" | "ignore";

/**
 * What a message posted by the checkout to `NativeWebView.postMessage` means:
 *
 * - `success`: `type` is exactly `"PAY_SUCCESS"` or `success` is exactly `true`.
 * - `failure`: `type` is exactly `"PAY_FAILURE"` or `success` is exactly `false`.
 * - `ignore`: not valid JSON, not a JSON object, or neither of the above (e.g. `"success": "true"`,
 *   `"type": "pay_success"`, a double-encoded JSON string).
 *
 * A message matching both rules (say `{"type":"PAY_FAILURE","success":true}`, which the checkout
 * never sends) counts as `success`. A success only triggers a check of the status endpoint (spec 6
 * rule 4, spec 4 rule 5), and that check settles the question either way; calling it a failure
 * could leave a buyer who did pay being told that they did not.
 */
export function classifyMessage(raw: string): MessageKind {
  if (typeof raw !== "string") return "ignore";
  let message: unknown;
  try {
    message = JSON.parse(raw);
  } catch {
    return "ignore";
  }
  if (typeof message !== "object" || message === null || Array.isArray(message)) return "ignore";
  const { type, success } = message as { type?: unknown; success?: unknown };
  if (type === "PAY_SUCCESS" || success === true) return "success";
  if (type === "PAY_FAILURE" || success === false) return "failure";
  return "ignore";
}
