import "server-only";
import { html, raw, type Html } from "@/lib/platform/checkout/views/html";
import { checkoutTokensCss } from "@/lib/platform/checkout/client-script";
import { checkoutCss } from "./styles";

/** A whole checkout HTML page: the inline stylesheet and any script carry the request's CSP nonce. */
/** `css`: rules beyond the checkout's own (the link and receipt pages' rules, a merchant's accent). */
export function checkoutDocument({
  title,
  nonce,
  body,
  script,
  css = "",
}: {
  title: string;
  nonce: string;
  body: Html;
  script?: Html;
  css?: string;
}): string {
  return html`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow">
<title>${title}</title><style nonce="${nonce}">${raw(checkoutTokensCss())}${raw(checkoutCss + css)}</style>${script ?? ""}</head>
<body>${body}</body></html>`.value;
}
