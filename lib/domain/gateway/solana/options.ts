import "server-only";
import crypto from "node:crypto";
import { address, createKeyPairSignerFromBytes, getAddressDecoder, getBase58Encoder } from "@solana/kit";
import { fetchMint } from "@solana-program/token";
import { parseAssetId } from "@/lib/core/caip/caip";
import { isWalletAddress } from "@/lib/core/caip/solana-address";
import { getSolanaCluster, solanaRpc, type SolanaCluster } from "@/lib/core/chain/solana/clusters";
import { paymentTransaction } from "@/lib/domain/chain/solana/payment-transaction";
import type { PaymentAttempt, Payment } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { findKnownAsset } from "@/lib/core/money/assets";
import { solanaSponsorshipRefusal } from "./sponsorship";

/** How long a Solana quote holds: a recent blockhash lasts ~150 slots (about a minute). */
export const solanaQuoteLifetimeMs = 60_000;

/** The relayer (fee payer) of a cluster, from RELAYER_KEY_SOLANA_<reference>. */
export async function solanaRelayer(cluster: SolanaCluster | null) {
  if (!cluster?.relayerSecret) return null;
  return createKeyPairSignerFromBytes(getBase58Encoder().encode(cluster.relayerSecret));
}

// Test mode has no cluster to ask: its transactions are signed and checked, never sent.
const testBlockhash = { blockhash: "11111111111111111111111111111111", lastValidBlockHeight: 0n };

/**
 * The fields of a Solana option (`solana_signTransaction`): a fresh reference key and the
 * transaction the wallet signs, built on a recent blockhash with the relayer as fee payer. Null
 * when the option cannot be offered: the payer is not a wallet, or (live) no relayer is configured
 * or the sponsorship policy refuses it.
 */
export async function solanaOptionFields(
  payment: Payment,
  option: { asset: string; destination: string; value: string },
  payer: string,
): Promise<{ nonce: string; transaction: string } | null> {
  if (!isWalletAddress(payer))
    throw new AppError(
      "invalid_params",
      `${payer} is not a Solana wallet address (it is off the ed25519 curve).`,
    );
  const chainId = option.asset.split("/")[0]!;
  const cluster = getSolanaCluster(chainId);
  const relayer = await solanaRelayer(cluster);
  const asset = parseAssetId(option.asset);
  if (!asset.ok) return null;
  if (payment.mode === "live") {
    if (!cluster || !relayer) return null;
    const refusal = await solanaSponsorshipRefusal({
      accountId: payment.accountId,
      asset: option.asset,
      payer,
      destination: option.destination.split(":").pop()!,
    });
    if (refusal) return null;
  }
  let mint: { address: string; decimals: number } | null = null;
  if (asset.value.assetNamespace === "token") {
    const known = findKnownAsset(option.asset);
    const decimals =
      known?.decimals ??
      (cluster
        ? (await fetchMint(solanaRpc(cluster), address(asset.value.assetReference))).data.decimals
        : null);
    if (decimals === null) return null;
    mint = { address: asset.value.assetReference, decimals };
  }
  const lifetime =
    payment.mode === "live"
      ? (await solanaRpc(cluster!).getLatestBlockhash({ commitment: "finalized" }).send()).value
      : testBlockhash;
  const reference = getAddressDecoder().decode(crypto.randomBytes(32));
  const transaction = await paymentTransaction({
    payer,
    destination: option.destination.split(":").pop()!,
    mint,
    value: BigInt(option.value),
    reference,
    feePayer: relayer?.address ?? payer,
    blockhash: lifetime.blockhash,
    lastValidBlockHeight: BigInt(lifetime.lastValidBlockHeight),
  });
  return { nonce: reference, transaction };
}

/** The wallet RPC call that pays a Solana option: sign (never send) the offered transaction. */
export function solanaOptionActions(option: PaymentAttempt) {
  return [
    {
      type: "walletRpc" as const,
      data: {
        chain_id: option.asset.split("/")[0]!,
        method: "solana_signTransaction" as const,
        params: [{ transaction: option.transaction! }],
      },
    },
  ];
}
