import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import { WebSocketServer, type WebSocket } from "ws";

/**
 * A local stand-in for WalletConnect's hosted relay (relay.walletconnect.org cannot be reached from
 * here): the relay's JSON-RPC over a WebSocket, as @walletconnect/core speaks it. Topics are
 * mailboxes: a message published to a topic is delivered to every other client subscribed to it,
 * and kept (until its ttl) for clients that subscribe later or were offline, until the client has
 * acknowledged it. A client is who its auth token says it is (the `iss` of the JWT in the socket's
 * URL), so a client that reconnects gets what it missed and never its own messages. The relay
 * never sees plain text; it only moves the encrypted envelopes between the checkout page and the wallet.
 */
export type WalletConnectRelay = {
  url: string;
  /** Every relay method called, in order. */
  methods: string[];
  /** How many connections were opened from a web page of `origin` (a browser sends its Origin). */
  connectionsFrom: (origin: string) => number;
  /** Cuts every connection from pages of `origin` without a closing handshake, as a phone's network does. */
  dropConnectionsFrom: (origin: string) => void;
  close: () => Promise<void>;
};

type Message = {
  topic: string;
  message: string;
  publishedAt: number;
  tag: number;
  expiresAt: number;
  from: string;
  acknowledgedBy: Set<string>;
};
type Rpc = { id: number | string; method: string; params: Record<string, unknown> };

export async function startWalletConnectRelay(port = 0): Promise<WalletConnectRelay> {
  const server = new WebSocketServer({ host: "127.0.0.1", port });
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const mailbox: Message[] = [];
  const subscribers = new Map<string, Set<WebSocket>>();
  const methods: string[] = [];
  const origins = new Map<WebSocket, string | undefined>();
  const clients = new WeakMap<WebSocket, string>();
  /** Deliveries waiting for the client's acknowledgement, by the id of the irn_subscription call. */
  const unacknowledged = new Map<number, { message: Message; client: string }>();
  let nextId = 1;

  // The SDK's own formula, so the id it computes for a topic matches ours.
  const subscriptionId = (socket: WebSocket, topic: string) =>
    createHash("sha256")
      .update(`${topic}${clients.get(socket)}`)
      .digest("hex");

  function deliver(socket: WebSocket, message: Message) {
    const id = Date.now() * 1000 + (nextId++ % 1000);
    unacknowledged.set(id, { message, client: clients.get(socket)! });
    socket.send(
      JSON.stringify({
        id,
        jsonrpc: "2.0",
        method: "irn_subscription",
        params: {
          id: subscriptionId(socket, message.topic),
          data: {
            topic: message.topic,
            message: message.message,
            publishedAt: message.publishedAt,
            tag: message.tag,
          },
        },
      }),
    );
  }

  function publish(from: WebSocket, topic: string, message: string, tag: number, ttlSeconds: number) {
    const stored = {
      topic,
      message,
      tag,
      publishedAt: Date.now(),
      expiresAt: Date.now() + ttlSeconds * 1000,
      from: clients.get(from)!,
      acknowledgedBy: new Set<string>(),
    };
    mailbox.push(stored);
    for (const socket of subscribers.get(topic) ?? [])
      if (clients.get(socket) !== stored.from) deliver(socket, stored);
  }

  function subscribe(socket: WebSocket, topic: string): string {
    const set = subscribers.get(topic) ?? new Set();
    subscribers.set(topic, set);
    const client = clients.get(socket)!;
    if (!set.has(socket)) {
      set.add(socket);
      for (const message of mailbox) {
        if (
          message.topic === topic &&
          message.expiresAt > Date.now() &&
          message.from !== client &&
          !message.acknowledgedBy.has(client)
        )
          deliver(socket, message);
      }
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
        for (const { topic } of p.subscriptions as { topic: string }[])
          subscribers.get(topic)?.delete(socket);
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

  server.on("connection", (socket, request) => {
    clients.set(socket, clientOf(request.url ?? "") ?? `anonymous-${nextId++}`);
    origins.set(socket, request.headers.origin);
    socket.on("message", (data) => {
      let rpc: Rpc & { result?: unknown; error?: unknown };
      try {
        rpc = JSON.parse(String(data));
      } catch {
        return;
      }
      if (!rpc.method) {
        // The client's acknowledgement of a delivery: it has the message, which is not sent to it again.
        const delivery = unacknowledged.get(Number(rpc.id));
        unacknowledged.delete(Number(rpc.id));
        if (delivery && rpc.result !== undefined) delivery.message.acknowledgedBy.add(delivery.client);
        return;
      }
      methods.push(rpc.method);
      try {
        socket.send(JSON.stringify({ id: rpc.id, jsonrpc: "2.0", result: handle(socket, rpc) }));
      } catch (error) {
        socket.send(
          JSON.stringify({ id: rpc.id, jsonrpc: "2.0", error: { code: -32601, message: String(error) } }),
        );
      }
    });
    socket.on("close", () => {
      for (const set of subscribers.values()) set.delete(socket);
    });
  });

  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    methods,
    connectionsFrom: (origin) => [...origins.values()].filter((o) => o === origin).length,
    dropConnectionsFrom: (origin) => {
      for (const socket of server.clients) if (origins.get(socket) === origin) socket.terminate();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}

/** The client's identity: the issuer (a did:key) of the auth token the SDK puts in the socket's URL. */
function clientOf(url: string): string | undefined {
  const token = new URL(url, "ws://relay").searchParams.get("auth");
  try {
    return (JSON.parse(Buffer.from(token?.split(".")[1] ?? "", "base64url").toString()) as { iss?: string })
      .iss;
  } catch {
    return undefined;
  }
}
