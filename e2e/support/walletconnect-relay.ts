import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import { WebSocketServer, type WebSocket } from "ws";

/**
 * A local stand-in for WalletConnect's hosted relay (relay.walletconnect.com cannot be reached from
 * here): the relay's JSON-RPC over a WebSocket, as @walletconnect/core speaks it. Topics are
 * mailboxes: a message published to a topic is delivered to every other connection subscribed to
 * it, and kept (until its ttl) for connections that subscribe later. The relay never sees plain
 * text; it only moves the encrypted envelopes between the checkout page and the wallet.
 */
export type WalletConnectRelay = { url: string; methods: string[]; close: () => Promise<void> };

type Message = { topic: string; message: string; publishedAt: number; tag: number; expiresAt: number };
type Rpc = { id: number | string; method: string; params: Record<string, unknown> };

export async function startWalletConnectRelay(port = 0): Promise<WalletConnectRelay> {
  const server = new WebSocketServer({ host: "127.0.0.1", port });
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const mailbox: Message[] = [];
  const subscribers = new Map<string, Set<WebSocket>>();
  const methods: string[] = [];
  let nextId = 1;

  const subscriptionId = (socket: WebSocket, topic: string) => createHash("sha256").update(`${topic}:${clientIds.get(socket)}`).digest("hex");
  const clientIds = new WeakMap<WebSocket, number>();

  function deliver(socket: WebSocket, message: Message) {
    socket.send(
      JSON.stringify({
        id: Date.now() * 1000 + (nextId++ % 1000),
        jsonrpc: "2.0",
        method: "irn_subscription",
        params: { id: subscriptionId(socket, message.topic), data: { topic: message.topic, message: message.message, publishedAt: message.publishedAt, tag: message.tag } },
      }),
    );
  }

  function publish(from: WebSocket, topic: string, message: string, tag: number, ttlSeconds: number) {
    const stored = { topic, message, tag, publishedAt: Date.now(), expiresAt: Date.now() + ttlSeconds * 1000 };
    mailbox.push(stored);
    for (const socket of subscribers.get(topic) ?? []) if (socket !== from) deliver(socket, stored);
  }

  function subscribe(socket: WebSocket, topic: string): string {
    const set = subscribers.get(topic) ?? new Set();
    subscribers.set(topic, set);
    if (!set.has(socket)) {
      set.add(socket);
      for (const message of mailbox) if (message.topic === topic && message.expiresAt > Date.now()) deliver(socket, message);
    }
    return subscriptionId(socket, topic);
  }

  function handle(socket: WebSocket, rpc: Rpc): unknown {
    const p = rpc.params ?? {};
    const ttl = typeof p.ttl === "number" ? p.ttl : 300;
    switch (rpc.method) {
      case "irn_subscribe":
        return subscribe(socket, p.topic as string);
      case "irn_batchSubscribe":
        return (p.topics as string[]).map((topic) => subscribe(socket, topic));
      case "irn_unsubscribe":
        subscribers.get(p.topic as string)?.delete(socket);
        return true;
      case "irn_batchUnsubscribe":
        for (const { topic } of p.subscriptions as { topic: string }[]) subscribers.get(topic)?.delete(socket);
        return true;
      case "irn_publish":
        publish(socket, p.topic as string, p.message as string, p.tag as number, ttl);
        return true;
      case "irn_batchFetchMessages":
        return { messages: [], hasMore: false };
      // Newer SDKs hand the proposal and its approval to the relay as one call each, and the relay
      // subscribes the caller to the topic it will hear back on (the SDK does not do it itself).
      case "wc_proposeSession":
        subscribe(socket, p.pairingTopic as string);
        publish(socket, p.pairingTopic as string, p.sessionProposal as string, 1100, ttl);
        return true;
      case "wc_approveSession":
        subscribe(socket, p.sessionTopic as string);
        publish(socket, p.pairingTopic as string, p.sessionProposalResponse as string, 1101, ttl);
        publish(socket, p.sessionTopic as string, p.sessionSettlementRequest as string, 1102, ttl);
        return true;
      default:
        throw new Error(`Unknown relay method ${rpc.method}`);
    }
  }

  server.on("connection", (socket) => {
    clientIds.set(socket, nextId++);
    socket.on("message", (data) => {
      let rpc: Rpc & { result?: unknown; error?: unknown };
      try {
        rpc = JSON.parse(String(data));
      } catch {
        return;
      }
      if (!rpc.method) return; // an acknowledgement of a delivery
      methods.push(rpc.method);
      try {
        socket.send(JSON.stringify({ id: rpc.id, jsonrpc: "2.0", result: handle(socket, rpc) }));
      } catch (error) {
        socket.send(JSON.stringify({ id: rpc.id, jsonrpc: "2.0", error: { code: -32601, message: String(error) } }));
      }
    });
    socket.on("close", () => {
      for (const set of subscribers.values()) set.delete(socket);
    });
  });

  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    methods,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
