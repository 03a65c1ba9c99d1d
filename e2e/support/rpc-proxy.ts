import http from "node:http";
import { keccak256, type Hex } from "viem";
import { localChainRpc } from "./settings";

/**
 * A JSON-RPC proxy in front of the local chain (or `target`, e.g. the Solana test node, whose
 * broadcasts are `sendTransaction`) that a test can turn against the server using it:
 * - `drop`: a broadcast is never forwarded nor answered (the sender hangs);
 * - `send-then-hang`: forwarded, but the sender never hears back;
 * - `swallow`: answered with the transaction's hash as a node would, but never forwarded (a
 *   transaction dropped from the mempool);
 * - `delay(ms)` holds every answer; `cut` refuses every call.
 */
export function rpcProxy(
  port: number,
  { target = localChainRpc, sendMethod = "eth_sendRawTransaction" } = {},
) {
  let onSend: "pass" | "drop" | "send-then-hang" | "swallow" = "pass";
  let delayMs = 0;
  let cut = false;
  let sends = 0;
  const swallowed: Hex[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      if (cut) return void res.socket?.destroy();
      const body = Buffer.concat(chunks).toString();
      const sending = body.includes(`"${sendMethod}"`);
      if (sending) sends++;
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (sending && onSend === "drop") return;
      if (sending && onSend === "swallow") {
        const call = JSON.parse(body) as { id: number; params: [Hex] };
        const hash = keccak256(call.params[0]);
        swallowed.push(hash);
        return void res
          .writeHead(200, { "Content-Type": "application/json" })
          .end(JSON.stringify({ jsonrpc: "2.0", id: call.id, result: hash }));
      }
      const answer = await fetch(target, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body,
      }).then((r) => r.text());
      if (sending && onSend === "send-then-hang") return;
      res.writeHead(200, { "Content-Type": "application/json" }).end(answer);
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    set: (mode: typeof onSend) => (onSend = mode),
    delay: (ms: number) => (delayMs = ms),
    cut: (on: boolean) => (cut = on),
    sends: () => sends,
    swallowed: () => [...swallowed],
    listen: () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve)),
    close: () =>
      new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
