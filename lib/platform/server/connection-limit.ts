import type http from "node:http";

/**
 * Caps the connections one peer address may hold open at once; the next one is answered 429 and
 * closed before any request on it is read. The peer is the socket's: behind a reverse proxy every
 * connection comes from the proxy, so there the proxy must do this (pass `max` 0 to turn it off).
 */
export function limitConnectionsPerAddress(server: http.Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on("connection", (socket) => {
    const address = socket.remoteAddress ?? "unknown";
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      const body = JSON.stringify({
        message: `Too many connections from one address (at most ${max} at once).`,
        code: "rate_limited",
      });
      socket.end(
        `HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nRetry-After: 1\r\nConnection: close\r\n\r\n${body}`,
        () => socket.destroy(),
      );
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
