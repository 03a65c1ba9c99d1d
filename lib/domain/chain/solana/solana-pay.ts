import { parseAssetId } from "@/lib/core/caip/caip";
import { formatUnits } from "@/lib/core/money/money";

// A Solana Pay transfer request (https://docs.solanapay.com/spec, "Transfer request"): the URL any
// Solana wallet or exchange can pay by QR code or link, `solana:<recipient>?amount=…&spl-token=…&
// reference=…&label=…&message=…`. Its reference key is an account the wallet adds, read-only, to
// the transfer; it is derived from the payment and the settlement (solanaPayReference), so the
// checkout renders it without writing anything and the watcher finds the transfer by it
// (getSignaturesForAddress).

export type SolanaPayRequest = { uri: string; recipient: string; reference: string; mint: string | null };

/**
 * The transfer request paying `value` (smallest units, `decimals` of them) of `asset` (CAIP-19 on a
 * `solana:` cluster: `token:<mint>` or `slip44:501`) to `destination` (CAIP-10), or null for any
 * other asset. `label` names the merchant and `message` the order, as the wallet shows them.
 */
export function solanaPayRequest(
  option: { asset: string; destination: string; value: string; decimals: number },
  reference: string,
  shown: { label: string; message: string },
): SolanaPayRequest | null {
  const asset = parseAssetId(option.asset);
  if (!asset.ok || asset.value.chainId.namespace !== "solana") return null;
  const { assetNamespace, assetReference } = asset.value;
  const mint = assetNamespace === "token" ? assetReference : null;
  if (!mint && !(assetNamespace === "slip44" && assetReference === "501")) return null;
  const recipient = option.destination.split(":").pop()!;
  const query = [
    ["amount", formatUnits(option.value, option.decimals)],
    ...(mint ? [["spl-token", mint]] : []),
    ["reference", reference],
    ["label", shown.label],
    ["message", shown.message],
  ];
  const uri = `solana:${recipient}?${query.map(([k, v]) => `${k}=${encodeURIComponent(v!)}`).join("&")}`;
  return { uri, recipient, reference, mint };
}
