import { parseAccountId, parseAssetId, toChecksumAddress } from "@/lib/core/caip/caip";

// How a buyer's wallet is asked to pay one option: an EIP-681 URI (for the QR code and the "Open
// in wallet" link) and the same transfer as an EIP-1193 `eth_sendTransaction` request (for an
// injected browser wallet).

export type WalletTransaction = {
  /** EIP-155 chain id in hex, as `wallet_switchEthereumChain` wants it. */
  chainId: string;
  to: string;
  value: string;
  data?: string;
};

/** `recipient` is the EIP-55 address the funds go to (for an ERC-20, not the token contract). */
export type PaymentRequest = { uri: string; recipient: string; transaction: WalletTransaction };

// keccak256("transfer(address,uint256)")[0..4]
const ERC20_TRANSFER = "0xa9059cbb";

/**
 * The request that pays `value` (smallest units) of `asset` (CAIP-19) to `destination` (CAIP-10),
 * or null when the asset is not an EVM chain's native coin or an ERC-20 token.
 */
export function paymentRequest(asset: string, destination: string, value: string): PaymentRequest | null {
  const parsedAsset = parseAssetId(asset);
  const parsedDestination = parseAccountId(destination);
  if (!parsedAsset.ok || !parsedDestination.ok || parsedAsset.value.chainId.namespace !== "eip155")
    return null;
  const chainId = parsedAsset.value.chainId.reference;
  const to = toChecksumAddress(parsedDestination.value.address);
  const hexChainId = `0x${BigInt(chainId).toString(16)}`;

  if (parsedAsset.value.assetNamespace === "slip44") {
    return {
      uri: `ethereum:${to}@${chainId}?value=${value}`,
      recipient: to,
      transaction: { chainId: hexChainId, to, value: `0x${BigInt(value).toString(16)}` },
    };
  }
  if (parsedAsset.value.assetNamespace === "erc20") {
    const token = toChecksumAddress(parsedAsset.value.assetReference);
    return {
      uri: `ethereum:${token}@${chainId}/transfer?address=${to}&uint256=${value}`,
      recipient: to,
      transaction: {
        chainId: hexChainId,
        to: token,
        value: "0x0",
        data: `${ERC20_TRANSFER}${word(BigInt(to))}${word(BigInt(value))}`,
      },
    };
  }
  return null;
}

/** A 32-byte ABI word. */
function word(n: bigint): string {
  return n.toString(16).padStart(64, "0");
}
