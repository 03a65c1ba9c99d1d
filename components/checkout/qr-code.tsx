import { qrCode } from "@/lib/checkout/qr-code";

/** A scannable QR code of `value`, drawn on the server as SVG. */
export function QrCode({ value, label }: { value: string; label: string }) {
  const { size, path } = qrCode(value);
  return (
    <svg viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} className="h-auto w-full max-w-60 bg-white" shapeRendering="crispEdges" data-testid="payment-qr">
      <path d={path} fill="#000" />
    </svg>
  );
}
