import "server-only";
import { erc20Abi, getAddress } from "viem";
import { findKnownAsset } from "@/lib/core/money/assets";
import { parseAssetId } from "@/lib/core/caip/caip";
import { AppError } from "@/lib/core/errors/errors";
import type { Chain } from "./chains";
import { chainClient } from "./client";

export type AssetInfo = {
  id: string;
  kind: "erc20" | "native";
  address: `0x${string}` | null;
  symbol: string;
  name: string;
  decimals: number;
};

const cache = new Map<string, Promise<AssetInfo>>();
/** The same answers once they have arrived, for code that cannot wait (lib/core/chain/asset-display.ts). */
const answered = new Map<string, AssetInfo>();

/**
 * What an asset is on its chain: known assets from the registry, native ETH (slip44:60), and any
 * other ERC-20 by reading `decimals()`, `symbol()` and `name()` from the contract (cached).
 */
export function assetInfo(chain: Chain, assetId: string): Promise<AssetInfo> {
  const key = assetId.toLowerCase();
  let info = cache.get(key);
  if (!info) {
    info = load(chain, assetId);
    cache.set(key, info);
    info.then(
      (loaded) => answered.set(key, loaded),
      () => cache.delete(key),
    );
  }
  return info;
}

async function load(chain: Chain, assetId: string): Promise<AssetInfo> {
  const parsed = parseAssetId(assetId);
  if (!parsed.ok) throw new AppError("params_validation", parsed.error);
  const { assetNamespace, assetReference } = parsed.value;
  const known = findKnownAsset(assetId);
  if (assetNamespace === "slip44" && assetReference === "60") {
    return {
      id: assetId,
      kind: "native",
      address: null,
      symbol: known?.symbol ?? "ETH",
      name: known?.name ?? "Ether",
      decimals: 18,
    };
  }
  if (assetNamespace !== "erc20")
    throw new AppError("params_validation", `Assets of type ${assetNamespace} cannot be paid on-chain yet.`);
  const address = getAddress(assetReference);
  if (known)
    return {
      id: assetId,
      kind: "erc20",
      address,
      symbol: known.symbol,
      name: known.name,
      decimals: known.decimals,
    };
  const client = chainClient(chain);
  const [decimals, symbol, name] = await Promise.all([
    client.readContract({ address, abi: erc20Abi, functionName: "decimals" }),
    client.readContract({ address, abi: erc20Abi, functionName: "symbol" }).catch(() => "TOKEN"),
    client.readContract({ address, abi: erc20Abi, functionName: "name" }).catch(() => "Token"),
  ]);
  return { id: assetId, kind: "erc20", address, symbol, name, decimals };
}

/** What assetInfo has already learned about an asset in this process, if it has. */
export function assetInfoIfKnown(assetId: string): AssetInfo | undefined {
  return answered.get(assetId.toLowerCase());
}
