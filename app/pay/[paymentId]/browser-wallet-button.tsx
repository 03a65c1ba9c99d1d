"use client";

import { useState, useSyncExternalStore } from "react";
import { useCheckoutStatus } from "@/components/checkout/checkout-status";
import { secondaryAction } from "@/components/checkout/styles";
import type { WalletTransaction } from "@/lib/checkout/payment-request";
import type { PaymentStatusJson } from "@/lib/schemas/payment";

/** An injected EIP-1193 wallet (MetaMask's extension, a wallet app's in-app browser, ...). */
type Eip1193Provider = { request(args: { method: string; params?: unknown[] }): Promise<unknown> };

type State =
  | { step: "idle" }
  | { step: "working"; message: string }
  | { step: "submitted"; txHash: string }
  | { step: "error"; message: string };

const injectedWallet = () => (window as { ethereum?: Eip1193Provider }).ethereum;
const hasWallet = () => Boolean(injectedWallet());
const noSubscription = () => () => {};

/**
 * Pays one option with the browser's injected wallet and reports the transaction hash, which the
 * server records for verification; the payment stays unpaid until the chain confirms it.
 */
export function BrowserWalletButton({ paymentId, settlementId, transaction, networkName }: { paymentId: string; settlementId: string; transaction: WalletTransaction; networkName: string }) {
  const available = useSyncExternalStore(noSubscription, hasWallet, () => false);
  const { report, refresh } = useCheckoutStatus();
  const [state, setState] = useState<State>({ step: "idle" });
  if (!available) return null;

  const pay = async () => {
    const wallet = injectedWallet();
    if (!wallet) return;
    let txHash: string | null = null;
    try {
      setState({ step: "working", message: "Connect your wallet…" });
      const [from] = (await wallet.request({ method: "eth_requestAccounts" })) as string[];
      if (!from) throw new Error("Your wallet did not share an account.");
      const chainId = await wallet.request({ method: "eth_chainId" });
      if (typeof chainId !== "string" || BigInt(chainId) !== BigInt(transaction.chainId)) {
        setState({ step: "working", message: `Switch your wallet to ${networkName}…` });
        await wallet.request({ method: "wallet_switchEthereumChain", params: [{ chainId: transaction.chainId }] });
      }
      setState({ step: "working", message: "Confirm the payment in your wallet…" });
      const { to, value, data } = transaction;
      const sent = await wallet.request({ method: "eth_sendTransaction", params: [{ from, to, value, ...(data ? { data } : {}) }] });
      if (typeof sent !== "string") throw new Error("Your wallet did not return a transaction hash.");
      txHash = sent;
      setState({ step: "working", message: "Recording your transaction…" });
      const response = await fetch(`/pay/${paymentId}/transactions`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ settlementId, txHash, from }),
      });
      const body = (await response.json().catch(() => null)) as (PaymentStatusJson & { message?: string }) | null;
      if (!response.ok || !body) throw new Error(body?.message ?? "The transaction could not be recorded.");
      report(body);
      refresh();
      setState({ step: "submitted", txHash });
    } catch (error) {
      const reason = walletErrorMessage(error, networkName);
      setState({
        step: "error",
        message: txHash ? `Your transaction ${txHash} was sent, but this page could not record it (${reason}). Do not pay again; give this hash to the merchant if the payment is not confirmed.` : reason,
      });
    }
  };

  if (state.step === "submitted") {
    return (
      <p role="status" className="w-full rounded-md bg-muted p-3 text-sm" data-testid="wallet-submitted">
        Transaction sent: <span className="break-all font-mono">{state.txHash}</span>. Waiting for it to be confirmed on {networkName}; this page updates by itself.
      </p>
    );
  }
  return (
    <div className="flex w-full flex-col gap-2">
      <button type="button" className={`${secondaryAction} w-full`} disabled={state.step === "working"} onClick={() => void pay()}>
        {state.step === "working" ? state.message : "Pay with browser wallet"}
      </button>
      {state.step === "error" ? (
        <p role="alert" className="text-sm text-destructive">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}

function walletErrorMessage(error: unknown, networkName: string): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === 4001) return "You declined the request in your wallet.";
  if (code === 4902) return `Your wallet does not have the ${networkName} network. Add it in your wallet, then try again.`;
  return typeof message === "string" && message ? message : "The wallet request failed.";
}
