"use client";

import { useMemo } from "react";
import { toast } from "sonner";
import { Button, buttonVariants } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { qrCode } from "@/lib/core/qr-code/qr-code";

/** A link with its QR code, to copy, open, download (SVG or PNG) or print. */
export function LinkShare({ url, name }: { url: string; name: string }) {
  const svg = useMemo(() => {
    const qr = qrCode(url);
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${qr.size} ${qr.size}" width="${qr.size * 8}" height="${qr.size * 8}" shape-rendering="crispEdges"><rect width="100%" height="100%" fill="#fff"/><path d="${qr.path}" fill="#000"/></svg>`;
  }, [url]);
  const dataUrl = `data:image/svg+xml;base64,${btoa(svg)}`;

  return (
    <div className="space-y-3" data-testid="link-share">
      <div className="flex items-center gap-2">
        <code
          className="min-w-0 flex-1 truncate rounded-md border border-border bg-muted px-2 py-1.5 text-xs"
          data-testid="share-url"
          title={url}
        >
          {url}
        </code>
        <CopyButton value={url} label="Copy link" />
      </div>
      {/* eslint-disable-next-line @next/next/no-img-element -- a data URL drawn here; nothing for next/image to optimise */}
      <img
        src={dataUrl}
        alt={`QR code for ${url}`}
        className="mx-auto size-48 rounded-md border border-border"
        data-testid="share-qr"
      />
      <div className="flex flex-wrap justify-center gap-2">
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          Open
        </a>
        <a
          href={dataUrl}
          download={`${name}.svg`}
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          Download SVG
        </a>
        <Button type="button" variant="outline" size="sm" onClick={() => downloadPng(dataUrl, `${name}.png`)}>
          Download PNG
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => printQr(dataUrl, url)}>
          Print
        </Button>
      </div>
    </div>
  );
}

function downloadPng(svgDataUrl: string, fileName: string) {
  const image = new Image();
  image.onload = () => {
    const canvas = document.createElement("canvas");
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    canvas.getContext("2d")!.drawImage(image, 0, 0);
    const a = document.createElement("a");
    a.href = canvas.toDataURL("image/png");
    a.download = fileName;
    a.click();
  };
  image.onerror = () => toast.error("Could not draw the PNG; download the SVG instead.");
  image.src = svgDataUrl;
}

// A frame of its own holds just the code and the link, so the dashboard around it is not printed.
function printQr(svgDataUrl: string, url: string) {
  const frame = document.createElement("iframe");
  frame.style.position = "fixed";
  frame.style.width = "0";
  frame.style.height = "0";
  frame.style.border = "0";
  document.body.appendChild(frame);
  const doc = frame.contentDocument!;
  const img = doc.createElement("img");
  img.src = svgDataUrl;
  img.style.width = "8cm";
  const caption = doc.createElement("p");
  caption.textContent = url;
  caption.style.font = "12px monospace";
  doc.body.append(img, caption);
  img.onload = () => {
    frame.contentWindow!.print();
    setTimeout(() => frame.remove(), 1000);
  };
}
