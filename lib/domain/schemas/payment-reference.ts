/**
 * The payment id in what a client sent where an id belongs. WalletConnect Pay's SDK sends any link
 * it does not recognise as WalletConnect's own whole and percent-encoded twice
 * (`/v1/gateway/payment/https%253A%252F%252F…%252Fpay%252Fpay_…`), so a Tollgate gatewayUrl arrives
 * that way; its `?pid=` form and a bare id are accepted too.
 */
export function paymentIdFromReference(reference: string): string {
  let value = reference.trim();
  for (let i = 0; i < 3 && /%[0-9a-f]{2}/i.test(value); i++) {
    try {
      value = decodeURIComponent(value);
    } catch {
      break;
    }
  }
  if (!/^https?:\/\//i.test(value)) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value;
  }
  return url.searchParams.get("pid") ?? url.pathname.replace(/\/+$/, "").split("/").pop() ?? "";
}
