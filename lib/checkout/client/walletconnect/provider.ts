import { WalletError, type WalletSession } from "./session";

export type Eip1193Provider = { request(args: { method: string; params?: unknown[] }): Promise<unknown> };

/** WalletConnect's "user rejected" codes, reported to the page as EIP-1193's 4001. */
const rejectedCodes = new Set([4001, 5000, 5001, 5002]);

/**
 * A WalletConnect session behind the same EIP-1193 interface as an injected wallet, so the page pays
 * through one code path. `connect` pairs when first asked for accounts; the chain is the one the
 * payment is on, if the wallet shared an account there.
 */
export function walletConnectProvider(connect: () => Promise<WalletSession>, chainIdHex: string): Eip1193Provider {
  const chain = `eip155:${BigInt(chainIdHex)}`;
  let session: WalletSession | null = null;
  const onChain = () => (session?.accounts ?? []).filter((a) => a.startsWith(`${chain}:`));

  async function request({ method, params = [] }: { method: string; params?: unknown[] }): Promise<unknown> {
    switch (method) {
      case "eth_requestAccounts":
        session ??= await connect();
        return [...new Set(onChain().map((a) => a.split(":")[2]!))];
      case "eth_chainId":
        return onChain().length ? chainIdHex : `0x${BigInt((session?.accounts[0] ?? "eip155:0").split(":")[1]!).toString(16)}`;
      case "wallet_switchEthereumChain":
        if (onChain().length) return null;
        throw new WalletError(4902, "The connected wallet did not share an account on this network.");
      default:
        if (!session) throw new Error("The wallet is not connected.");
        return session.request(chain, method, params);
    }
  }

  return {
    request: (args) =>
      request(args).catch((error: unknown) => {
        if (error instanceof WalletError && rejectedCodes.has(error.code)) throw Object.assign(new Error(error.message), { code: 4001 });
        throw error;
      }),
  };
}
