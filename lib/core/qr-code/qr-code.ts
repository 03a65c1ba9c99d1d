import { encode } from "uqr";

/**
 * A QR code as one SVG path of unit squares (dark modules). The server draws the payment's codes;
 * the page's script draws a WalletConnect pairing's, which only the browser knows. `size` includes
 * a four-module quiet zone, as scanners expect.
 */
export function qrCode(text: string): { size: number; path: string } {
  const { data, size } = encode(text, { ecc: "M", border: 4 });
  let path = "";
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return { size, path };
}
