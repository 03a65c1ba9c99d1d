// The page's side of WalletConnect, on WalletConnect's own SDK. This module is its own script,
// loaded only when the buyer presses "Pay with WalletConnect" (lib/platform/checkout/client-script.ts).
// The SDK keeps its pairings and sessions in the browser's IndexedDB, so a session outlives a
// reload, and it reconnects to the relay when the socket drops (a phone closes it when the buyer
// switches to the wallet app).
import { SignClient } from "@walletconnect/sign-client";
import type { WalletConnectConfig } from "@/lib/platform/checkout/views/page-data";

export type WalletSession = {
  /** CAIP-10 accounts the wallet shared, e.g. `eip155:8453:0xabc…`. */
  accounts: string[];
  request(chainId: string, method: string, params: unknown[]): Promise<unknown>;
};

export type Pairing = { uri: string; session: Promise<WalletSession>; cancel(): void };

export type WalletConnect = {
  /** A live session from an earlier visit with an account on `chain`, if the wallet gave one. */
  existingSession(chain: string): WalletSession | null;
  /** Offers a pairing (`uri`, for a QR code or a wallet link) asking for `methods` on `chain`. */
  pair(chain: string, methods: string[]): Promise<Pairing>;
};

type Client = Awaited<ReturnType<typeof SignClient.init>>;
type Session = ReturnType<Client["session"]["getAll"]>[number];

/** The SDK's code for a proposal that no wallet took before it expired (five minutes). */
const expiredCode = 6;
let client: Promise<Client> | null = null;

/** The page's one SignClient (made on first use; its storage is shared by every payment page of this origin). */
export async function walletConnect(config: WalletConnectConfig): Promise<WalletConnect> {
  client ??= SignClient.init({
    projectId: config.projectId,
    relayUrl: config.relayUrl,
    metadata: config.metadata,
    telemetryEnabled: false,
    customStoragePrefix: "tollgate-checkout",
  }).then(
    (signClient) => {
      // Verify would attest this page's origin to the wallet by loading verify.walletconnect.org in
      // a hidden iframe for every proposal and request; the page's CSP allows no frame, and an
      // attestation is optional for wallets. The SDK has no option to turn it off.
      signClient.core.verify.register = async () => "";
      return signClient;
    },
    (error: unknown) => {
      client = null;
      throw error;
    },
  );
  const signClient = await client;
  return {
    existingSession: (chain) => {
      const now = Date.now() / 1000;
      const session = signClient.session
        .getAll()
        .filter(
          (s) => s.acknowledged && s.expiry > now && accountsOf(s).some((a) => a.startsWith(`${chain}:`)),
        )
        .at(-1);
      return session ? walletSession(signClient, session) : null;
    },
    pair: async (chain, methods) => {
      const { uri, approval } = await signClient.connect({
        optionalNamespaces: {
          eip155: { chains: [chain], methods, events: ["chainChanged", "accountsChanged"] },
        },
      });
      if (!uri) throw new Error("WalletConnect did not offer a pairing.");
      let cancel!: (error: Error) => void;
      const cancelled = new Promise<never>((_, reject) => (cancel = reject));
      const approved = approval().catch((error: { code?: unknown }) => {
        throw error?.code === expiredCode
          ? new Error("The connection request expired before a wallet took it. Try again.")
          : error;
      });
      const session = Promise.race([approved, cancelled]).then(
        (s) => walletSession(signClient, s),
        rejection,
      );
      return { uri, session, cancel: () => cancel(new Error("You cancelled the connection.")) };
    },
  };
}

const accountsOf = (session: Session) => Object.values(session.namespaces).flatMap((ns) => ns.accounts);

function walletSession(signClient: Client, session: Session): WalletSession {
  return {
    accounts: accountsOf(session),
    request: (chainId, method, params) =>
      signClient.request({ topic: session.topic, chainId, request: { method, params } }).catch(rejection),
  };
}

/**
 * The SDK rejects with the wallet's JSON-RPC error object (code 5000: the user rejected it); make
 * it an Error that keeps the code, which the page's provider reads.
 */
function rejection(error: unknown): never {
  if (error instanceof Error) throw error;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  throw Object.assign(
    new Error(typeof message === "string" && message ? message : "The wallet request failed."),
    { code },
  );
}
