import "server-only";
import { findKnownAsset, networkName } from "@/lib/assets";
import { assetInfo } from "@/lib/chain/asset-info";
import { chainIdOf, getChain } from "@/lib/chain/chains";
import { parseUnit } from "@/lib/money";

export type GatewayAmountJson = { unit: string; value: string; display: { assetSymbol: string; assetName: string; decimals: number; networkName: string | null } };

/** An Amount with the `display` WalletConnect Pay's clients require: symbol, name, decimals, network. */
export async function gatewayAmount(unit: string, value: string): Promise<GatewayAmountJson> {
  const parsed = parseUnit(unit);
  if (parsed.ok && parsed.value.kind === "fiat") {
    return { unit, value, display: { assetSymbol: parsed.value.currency, assetName: parsed.value.currency, decimals: parsed.value.exponent, networkName: null } };
  }
  const asset = unit.replace(/^caip19\//, "");
  const chainId = chainIdOf(asset);
  const known = findKnownAsset(asset);
  const chain = known ? null : getChain(chainId);
  const info = known ?? (chain ? await assetInfo(chain, asset).catch(() => null) : null);
  return {
    unit,
    value,
    display: { assetSymbol: info?.symbol ?? asset.split(":").pop()!.slice(0, 10), assetName: info?.name ?? asset, decimals: info?.decimals ?? 0, networkName: networkName(chainId) },
  };
}
