import "server-only";
import { readAssetDisplay } from "@/lib/core/chain/asset-display";
import { parseUnit } from "@/lib/core/money/money";

export type GatewayAmountJson = {
  unit: string;
  value: string;
  display: { assetSymbol: string; assetName: string; decimals: number; networkName: string | null };
};

/** An Amount with the `display` WalletConnect Pay's clients require: symbol, name, decimals, network. */
export async function gatewayAmount(unit: string, value: string): Promise<GatewayAmountJson> {
  const parsed = parseUnit(unit);
  if (parsed.ok && parsed.value.kind === "fiat") {
    return {
      unit,
      value,
      display: {
        assetSymbol: parsed.value.currency,
        assetName: parsed.value.currency,
        decimals: parsed.value.exponent,
        networkName: null,
      },
    };
  }
  return { unit, value, display: await readAssetDisplay(unit.replace(/^caip19\//, "")) };
}
