import "server-only";
import { findKnownAsset, networks } from "@/lib/core/money/assets";
import { EVM_ADDRESS, parseAccountId, parseAssetId } from "@/lib/core/caip/caip";
import { getChain } from "@/lib/core/chain/chains";
import type { Mode } from "@/lib/core/db";
import { chainEnv } from "@/lib/core/config/env";
import { AppError } from "@/lib/core/errors/errors";

// Settlement destinations are where a merchant's money goes, so what is certainly a mistake is
// refused, and what is merely unusual is accepted only once the user has seen a warning (the API
// answers the warnings beside the settlements it saved).

export type DestinationEntry = { asset: string; destination: string; path: string };
export type DestinationWarning = {
  path: string;
  code: "unknown_asset" | "unverified_chain";
  message: string;
};
type Refusal = {
  path: string;
  reason: "zero_address" | "burn_address" | "token_contract" | "address_format" | "unknown_chain";
  message: string;
};

const ZERO = /^0x0{40}$/i;
// Well-known "burn" addresses: nobody holds their keys.
const BURN = new Set([
  "0x000000000000000000000000000000000000dead",
  "0xdead000000000000000042069420694206942069",
]);

function refusal(entry: DestinationEntry): Refusal | null {
  const asset = parseAssetId(entry.asset);
  const destination = parseAccountId(entry.destination);
  if (!asset.ok || !destination.ok) return null; // the schema has refused these already
  const chainId = `${asset.value.chainId.namespace}:${asset.value.chainId.reference}`;
  const address = destination.value.address;
  if (asset.value.chainId.namespace !== "eip155") {
    if (EVM_ADDRESS.test(address))
      return {
        path: entry.path,
        reason: "address_format",
        message: `${address} is an EVM address, but ${chainId} is not an EVM chain: funds sent there could not reach it.`,
      };
    return {
      path: entry.path,
      reason: "unknown_chain",
      message: `Tollgate settles only on EVM networks it can verify (${knownChainList()}); ${chainId} is not one of them.`,
    };
  }
  if (!(chainId in networks) && !(chainId in chainEnv))
    return {
      path: entry.path,
      reason: "unknown_chain",
      message: `${chainId} is not a network Tollgate knows (${knownChainList()}): no payment could be quoted or verified on it.`,
    };
  if (ZERO.test(address))
    return {
      path: entry.path,
      reason: "zero_address",
      message: "The zero address belongs to nobody: anything sent there is lost.",
    };
  if (BURN.has(address.toLowerCase()))
    return {
      path: entry.path,
      reason: "burn_address",
      message: `${address} is a burn address that nobody controls: anything sent there is lost.`,
    };
  if (
    asset.value.assetNamespace === "erc20" &&
    asset.value.assetReference.toLowerCase() === address.toLowerCase()
  ) {
    return {
      path: entry.path,
      reason: "token_contract",
      message: "This is the token's own contract, not a wallet: tokens sent to it are usually lost.",
    };
  }
  return null;
}

function warnings(mode: Mode, entry: DestinationEntry): DestinationWarning[] {
  const chainId = entry.asset.split("/")[0]!;
  const found: DestinationWarning[] = [];
  if (!findKnownAsset(entry.asset))
    found.push({
      path: entry.path,
      code: "unknown_asset",
      message: `Tollgate does not know ${entry.asset} by name. Check the token's contract address: its symbol and decimals will be read from the chain.`,
    });
  if (mode === "live" && !getChain(chainId))
    found.push({
      path: entry.path,
      code: "unverified_chain",
      message: `This Tollgate cannot verify payments on ${networks[chainId] ?? chainId} yet (no RPC configured), so buyers will not be offered this destination until an operator configures it.`,
    });
  return found;
}

const knownChainList = () => [...new Set([...Object.keys(networks), ...Object.keys(chainEnv)])].join(", ");

/**
 * Refuses destinations that would certainly lose money: 400 `unsafe_destination`, each named in
 * `details.fields` with its reason in `details.reasons`.
 */
export function refuseUnsafeDestinations(entries: DestinationEntry[]) {
  const refused = entries.flatMap((e) => refusal(e) ?? []);
  if (refused.length > 0) {
    throw new AppError("unsafe_destination", refused.map((r) => r.message).join(" "), {
      fields: Object.fromEntries(refused.map((r) => [r.path, r.message])),
      reasons: Object.fromEntries(refused.map((r) => [r.path, r.reason])),
    });
  }
}

/** What is unusual about new settlements but may be intended: an asset Tollgate does not know, a chain it cannot verify. */
export function destinationWarnings(mode: Mode, entries: DestinationEntry[]): DestinationWarning[] {
  return entries.flatMap((e) => warnings(mode, e));
}

/** Dashboard forms ask the user to confirm warnings before anything is saved. */
export function requireConfirmedWarnings(found: DestinationWarning[], confirmed: boolean | undefined) {
  if (found.length === 0 || confirmed) return;
  throw new AppError("confirmation_required", found.map((w) => w.message).join(" "), { warnings: found });
}
