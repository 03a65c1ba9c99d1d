// The dapp side of a WalletConnect v2 session, only what the checkout needs: pair with a wallet
// through the relay, receive its session, and ask it to send one transaction. Everything the relay
// carries is sealed with keys that never leave this page and the wallet.
import { decrypt, deriveSymKey, encrypt, generateKeyPair, randomKey, topicOf } from "./crypto";
import { relayAuthToken } from "./relay-auth";

export type WalletConnectConfig = {
  projectId: string;
  relayUrl: string;
  /** Shown by the wallet; `redirect` is where it sends the buyer back afterwards. */
  metadata: { name: string; description: string; url: string; icons: string[]; redirect?: { native?: string; universal?: string } };
};

export type WalletSession = {
  /** CAIP-10 accounts the wallet shared, e.g. `eip155:8453:0xabc…`. */
  accounts: string[];
  request(chainId: string, method: string, params: unknown[]): Promise<unknown>;
  close(): void;
};

export type Pairing = { uri: string; session: Promise<WalletSession>; cancel(): void };

/** A wallet's refusal or failure, with its JSON-RPC error code (5000: the user rejected it). */
export class WalletError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

type JsonRpc = { id: number; jsonrpc: "2.0"; method?: string; params?: Record<string, unknown>; result?: unknown; error?: { code: number; message: string } };

const fiveMinutes = 300;
// The relay's tag for each request; its response takes the next number (WalletConnect's table).
const tags = { wc_sessionPropose: 1100, wc_sessionSettle: 1102, wc_sessionUpdate: 1104, wc_sessionExtend: 1106, wc_sessionRequest: 1108, wc_sessionEvent: 1110, wc_sessionDelete: 1112, wc_sessionPing: 1114, wc_pairingDelete: 1000, wc_pairingPing: 1002 } as const;

let lastId = 0;
/** JSON-RPC ids as WalletConnect makes them: milliseconds × 1000 plus three random digits. */
function payloadId(): number {
  lastId = Math.max(lastId + 1, Date.now() * 1000 + Math.floor(Math.random() * 1000));
  return lastId;
}

/**
 * Opens a pairing: `uri` is what the wallet scans or is opened with; `session` settles once the
 * wallet approves (or rejects with a WalletError).
 */
export function pairWallet(config: WalletConnectConfig, chains: string[], methods: string[]): Pairing {
  const self = generateKeyPair();
  const pairingTopic = randomKey();
  const keys = new Map([[pairingTopic, randomKey()]]);
  const expiry = Math.floor(Date.now() / 1000) + fiveMinutes;
  const uri = `wc:${pairingTopic}@2?relay-protocol=irn&symKey=${keys.get(pairingTopic)}&expiryTimestamp=${expiry}`;

  const query = new URLSearchParams({ auth: relayAuthToken(config.relayUrl), projectId: config.projectId, ua: "wc-2/js-tollgate-checkout/browser" });
  const socket = new WebSocket(`${config.relayUrl}?${query}`);
  const relayCalls = new Map<number, (message: JsonRpc) => void>();
  const walletCalls = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let sessionTopic: string | null = null;
  let closed = false;

  let settle!: { resolve: (session: WalletSession) => void; reject: (error: Error) => void };
  const session = new Promise<WalletSession>((resolve, reject) => (settle = { resolve, reject }));
  const proposal = { id: payloadId(), jsonrpc: "2.0" as const, method: "wc_sessionPropose", params: {} as Record<string, unknown> };
  proposal.params = {
    requiredNamespaces: {},
    optionalNamespaces: { eip155: { chains, methods, events: ["chainChanged", "accountsChanged"] } },
    relays: [{ protocol: "irn" }],
    proposer: { publicKey: self.publicKey, metadata: config.metadata },
    expiryTimestamp: expiry,
    pairingTopic,
    id: proposal.id,
  };

  function relay(method: string, params: Record<string, unknown>): Promise<JsonRpc> {
    const id = payloadId();
    socket.send(JSON.stringify({ id, jsonrpc: "2.0", method, params }));
    return new Promise((resolve) => relayCalls.set(id, resolve));
  }

  function publish(topic: string, message: JsonRpc, tag: number, ttl = fiveMinutes) {
    return relay("irn_publish", { topic, message: encrypt(keys.get(topic)!, JSON.stringify(message)), ttl, tag, prompt: tag === tags.wc_sessionRequest });
  }

  function fail(error: Error) {
    if (closed) return;
    closed = true;
    settle.reject(error);
    for (const call of walletCalls.values()) call.reject(error);
    walletCalls.clear();
    socket.close();
  }

  async function onWalletMessage(topic: string, message: JsonRpc) {
    if (!message.method) {
      // A response: to our proposal (on the pairing topic) or to a request in the session.
      if (message.id === proposal.id) {
        if (message.error) return fail(new WalletError(message.error.code, message.error.message || "The wallet declined the connection."));
        const { responderPublicKey } = message.result as { responderPublicKey: string };
        const symKey = deriveSymKey(self.privateKey, responderPublicKey);
        sessionTopic = topicOf(symKey);
        keys.set(sessionTopic, symKey);
        await relay("irn_subscribe", { topic: sessionTopic });
        return;
      }
      const call = walletCalls.get(message.id);
      if (!call) return;
      walletCalls.delete(message.id);
      if (message.error) call.reject(new WalletError(message.error.code, message.error.message));
      else call.resolve(message.result);
      return;
    }
    // A request from the wallet: acknowledge it, then act on the ones that matter.
    const tag = ((tags as Record<string, number>)[message.method] ?? tags.wc_sessionEvent) + 1;
    await publish(topic, { id: message.id, jsonrpc: "2.0", result: true }, tag);
    if (message.method === "wc_sessionSettle" && topic === sessionTopic) {
      const namespaces = (message.params?.namespaces ?? {}) as Record<string, { accounts?: string[] }>;
      settle.resolve({ accounts: Object.values(namespaces).flatMap((ns) => ns.accounts ?? []), request, close: () => fail(new Error("The wallet session was closed.")) });
    }
    if (message.method === "wc_sessionDelete" || message.method === "wc_pairingDelete") fail(new WalletError(6000, "The wallet disconnected."));
  }

  function request(chainId: string, method: string, params: unknown[]): Promise<unknown> {
    if (closed || !sessionTopic) return Promise.reject(new Error("The wallet is not connected."));
    const message = { id: payloadId(), jsonrpc: "2.0" as const, method: "wc_sessionRequest", params: { request: { method, params }, chainId } };
    const answer = new Promise((resolve, reject) => walletCalls.set(message.id, { resolve, reject }));
    void publish(sessionTopic, message, tags.wc_sessionRequest, fiveMinutes * 3);
    return answer;
  }

  // A pairing nobody took in time is dead on the wallet's side too: say so rather than wait forever.
  let settled = false;
  const expired = setTimeout(() => {
    if (!settled) fail(new Error("The connection request expired before a wallet took it. Try again."));
  }, fiveMinutes * 1000);
  void session.then(
    () => ((settled = true), clearTimeout(expired)),
    () => clearTimeout(expired),
  );

  socket.addEventListener("open", async () => {
    await relay("irn_subscribe", { topic: pairingTopic });
    await publish(pairingTopic, proposal, tags.wc_sessionPropose);
  });
  socket.addEventListener("message", (event) => {
    let message: JsonRpc;
    try {
      message = JSON.parse(String(event.data));
    } catch {
      return;
    }
    if (message.method === "irn_subscription") {
      socket.send(JSON.stringify({ id: message.id, jsonrpc: "2.0", result: true }));
      const { topic, message: sealed } = (message.params as { data: { topic: string; message: string } }).data;
      const key = keys.get(topic);
      if (!key) return;
      let inner: JsonRpc;
      try {
        inner = JSON.parse(decrypt(key, sealed));
      } catch {
        return; // not for us, or not readable: a relay cannot make us act on it
      }
      void onWalletMessage(topic, inner);
      return;
    }
    relayCalls.get(message.id)?.(message);
    relayCalls.delete(message.id);
  });
  socket.addEventListener("error", () => fail(new Error("Could not reach the WalletConnect relay. Check your connection and try again.")));
  socket.addEventListener("close", () => fail(new Error("The connection to the WalletConnect relay closed.")));

  return { uri, session, cancel: () => fail(new Error("You cancelled the connection.")) };
}
