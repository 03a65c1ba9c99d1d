import type { WalletOption } from "@/lib/platform/checkout/views/page-data";
import type { PaymentStatusJson } from "@/lib/domain/schemas/payment";
import { html } from "@/lib/platform/checkout/views/html";
import type { LiveStatus } from "./live-status";
import { postJson } from "./post-json";
import type { Eip1193Provider } from "./walletconnect/provider";

/**
 * Shows each option's "Pay with browser wallet" button when the browser has an injected wallet.
 * It pays the option and reports the transaction hash, which the server records for verification;
 * the payment stays unpaid until the chain confirms it.
 */
export function setUpBrowserWallet(paymentId: string, options: WalletOption[], status: LiveStatus): void {
  // An injected EIP-1193 wallet: MetaMask's extension, a wallet app's in-app browser, ...
  const wallet = (window as { ethereum?: Eip1193Provider }).ethereum;
  if (!wallet) return;
  for (const container of document.querySelectorAll<HTMLElement>("[data-wallet]")) {
    const option = options.find((o) => o.settlementId === container.dataset.wallet);
    const button = container.querySelector("button");
    if (!option || !button) continue;
    container.hidden = false;
    button.addEventListener("click", () => void pay(wallet, paymentId, option, status, container, button));
  }
}

type WalletAction = { type: "walletRpc"; data: { chain_id: string; method: string; params: unknown[] } };

/**
 * Pays one option through an EIP-1193 wallet (injected, or WalletConnect behind the same interface)
 * the way any wallet pays through the Gateway: ask for the option for the connected account, let
 * the wallet perform its action (sign a gasless authorization, or send the transfer), then confirm
 * with the result. `button` shows each step.
 */
export async function pay(
  wallet: Eip1193Provider,
  paymentId: string,
  option: WalletOption,
  status: LiveStatus,
  container: HTMLElement,
  button: HTMLButtonElement,
) {
  const { chainId, networkName, settlementId } = option;
  const label = button.textContent;
  const working = (message: string) => {
    button.disabled = true;
    button.textContent = message;
  };
  container.querySelector("[role=alert]")?.remove();
  let txHash: string | null = null;
  try {
    working("Connect your wallet…");
    const [from] = (await wallet.request({ method: "eth_requestAccounts" })) as string[];
    if (!from) throw new Error("Your wallet did not share an account.");
    const walletChainId = await wallet.request({ method: "eth_chainId" });
    if (typeof walletChainId !== "string" || BigInt(walletChainId) !== BigInt(chainId)) {
      working(`Switch your wallet to ${networkName}…`);
      await wallet.request({
        method: "wallet_switchEthereumChain",
        params: [{ chainId }],
      });
    }
    working("Preparing the payment…");
    const account = `eip155:${BigInt(chainId)}:${from}`;
    const offered = await postJson<{ option: { id: string; actions: WalletAction[] } | null }>(
      `/pay/${paymentId}/wallet/options`,
      { settlementId, account },
    );
    const walletOption = offered.body?.option;
    if (!offered.ok || !walletOption)
      throw new Error(offered.body?.message ?? "This option cannot be paid from that account.");
    const action = walletOption.actions[0]!.data;
    const gasless = action.method === "eth_signTypedData_v4";
    working(
      gasless ? "Sign the payment in your wallet (no gas needed)…" : "Confirm the payment in your wallet…",
    );
    const result = await wallet.request({ method: action.method, params: action.params });
    if (typeof result !== "string")
      throw new Error(
        gasless
          ? "Your wallet did not return a signature."
          : "Your wallet did not return a transaction hash.",
      );
    if (!gasless) txHash = result;
    working("Recording your payment…");
    const { ok, body } = await postJson<PaymentStatusJson>(`/pay/${paymentId}/wallet/confirm`, {
      optionId: walletOption.id,
      results: [{ type: "walletRpc", data: [result] }],
    });
    if (!ok || !body) throw new Error(body?.message ?? "The payment could not be recorded.");
    status.report(body);
    status.refresh();
    container.innerHTML = (
      gasless
        ? html`<p role="status" class="note small" data-testid="wallet-submitted">Payment signed and submitted. Waiting for it to be confirmed on ${networkName}; this page updates by itself.</p>`
        : html`<p role="status" class="note small" data-testid="wallet-submitted">Transaction sent: <span class="mono break">${txHash}</span>. Waiting for it to be confirmed on ${networkName}; this page updates by itself.</p>`
    ).value;
  } catch (error) {
    const reason = walletErrorMessage(error, networkName);
    const message = txHash
      ? `Your transaction ${txHash} was sent, but this page could not record it (${reason}). Do not pay again; give this hash to the merchant if the payment is not confirmed.`
      : reason;
    button.disabled = false;
    button.textContent = label;
    container.insertAdjacentHTML("beforeend", html`<p role="alert" class="alert">${message}</p>`.value);
  }
}

function walletErrorMessage(error: unknown, networkName: string): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === 4001) return "You declined the request in your wallet.";
  if (code === 4902)
    return `Your wallet does not have the ${networkName} network. Add it in your wallet, then try again.`;
  return typeof message === "string" && message ? message : "The wallet request failed.";
}
