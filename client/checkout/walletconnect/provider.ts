import type { WalletSession } from "./sign-client";

export type Eip1193Provider = { request(args: { method: string; params?: unknown[] }): Promise<unknown> };

/** WalletConnect's "user rejected" codes, reported to the page as EIP-1193's 4001. */
const rejectedCodes = new Set([4001, 5000, 5001, 5002]);

/**
 * A WalletConnect session behind the same EIP-1193 interface as an injected wallet, so the page pays
 * through one code path. `connect` finds or makes the session when first asked for accounts; it has
 * an account on the payment's chain, or the wallet did not share one there.
 */
export function walletConnectProvider(
  connect: () => Promise<WalletSession>,
  chainIdHex: string,
): Eip1193Provider {
  const chain = `eip155:${BigInt(chainIdHex)}`;
  let session: WalletSession | null = null;
  const onChain = () => (session?.accounts ?? []).filter((a) => a.startsWith(`${chain}:`));

  async function request({ method, params = [] }: { method: string; params?: unknown[] }): Promise<unknown> {
    switch (method) {
      case "eth_requestAccounts":
        session ??= await connect();
        return [...new Set(onChain().map((a) => a.split(":")[2]!))];
      case "eth_chainId":
        return onChain().length
          ? chainIdHex
          : `0x${BigInt((session?.accounts[0] ?? "eip155:0").split(":")[1]!).toString(16)}`;
      case "wallet_switchEthereumChain":
        if (onChain().length) return null;
        throw Object.assign(new Error("The connected wallet did not share an account on this network."), {
          code: 4902,
        });
      default:
        if (!session) throw new Error("The wallet is not connected.");
        return session.request(chain, method, params);
    }
  }

  return {
    request: (args) =>
      request(args).catch((error: unknown) => {
        const code = (error as { code?: unknown } | null)?.code;
        if (typeof code === "number" && rejectedCodes.has(code))
          throw Object.assign(new Error((error as Error).message), { code: 4001 });
        throw error;
      }),
  };
}
