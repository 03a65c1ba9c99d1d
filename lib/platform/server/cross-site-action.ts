import type http from "node:http";

// Next refuses a server action whose Origin is not this host, but by throwing: the caller gets a
// 500 and the log a stack. A cross-site post is the client's doing, so it is answered here with a 403.

export function isCrossSiteAction(req: http.IncomingMessage): boolean {
  if (req.method !== "POST" || req.headers["next-action"] === undefined) return false;
  const origin = req.headers.origin;
  if (!origin) return false; // Next accepts a request without Origin (same-origin non-browser callers)
  // start.ts has dropped X-Forwarded-Host unless a trusted proxy set it.
  const host = req.headers["x-forwarded-host"] ?? req.headers.host;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

export function rejectCrossSiteAction(res: http.ServerResponse): void {
  const body = JSON.stringify({
    message: "Cross-site request refused: this action may only be posted from the dashboard itself.",
    code: "forbidden",
  });
  res.writeHead(403, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) });
  res.end(body);
}
