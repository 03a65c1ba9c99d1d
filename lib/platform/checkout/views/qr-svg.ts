import { html } from "@/lib/platform/checkout/views/html";
import { qrCode } from "@/lib/core/qr-code/qr-code";

/** A QR code of `text` as an inline SVG image, drawn by the server or by the page's script alike. */
export function qrSvg(text: string, label: string, testId: string) {
  const qr = qrCode(text);
  return html`<svg viewBox="0 0 ${qr.size} ${qr.size}" role="img" aria-label="${label}" class="qr" shape-rendering="crispEdges" data-testid="${testId}"><path d="${qr.path}" fill="#000"/></svg>`;
}
