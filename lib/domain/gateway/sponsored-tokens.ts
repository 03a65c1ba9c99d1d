import "server-only";
import { getAddress, isAddressEqual, parseUnits, type Address } from "viem";
import { getEip712Domain } from "viem/actions";
import type { Chain } from "@/lib/core/chain/chains";
import { chainClient } from "@/lib/core/chain/client";
import { env, sponsorshipEnv } from "@/lib/core/config/env";
import { isChainUnavailable } from "@/lib/core/errors/chain-errors";
import { knownAssets } from "@/lib/core/money/assets";

// The operator's allow-list of tokens the relayer pays gas for: the known-asset registry's EIP-3009
// tokens (USDC) and SPONSORED_TOKENS_EIP155_<id>, each with its EIP-712 domain and a gas limit.

export type SponsoredToken = {
  chainId: string;
  address: Address;
  name: string;
  version: string;
  gasLimit: bigint;
};

const allowList: SponsoredToken[] = [
  ...knownAssets.flatMap((a) =>
    a.eip3009
      ? [
          {
            chainId: a.chainId,
            address: getAddress(a.id.split(":").pop()!),
            ...a.eip3009,
            gasLimit: BigInt(env.SPONSOR_GAS_LIMIT),
          },
        ]
      : [],
  ),
  ...Object.entries(sponsorshipEnv).flatMap(([chainId, { tokens }]) =>
    tokens.map((t) => ({
      chainId,
      address: getAddress(t.address),
      name: t.name,
      version: t.version,
      gasLimit: BigInt(t.gasLimit ?? env.SPONSOR_GAS_LIMIT),
    })),
  ),
];

/** The allow-list entry of a CAIP-19 asset, or null when the relayer does not pay gas for it. */
export function sponsoredToken(asset: string): SponsoredToken | null {
  const [chainId, reference] = [asset.split("/")[0]!, asset.split(":").pop()!];
  if (!/^eip155:\d+$/.test(chainId) || !/\/erc20:0x[0-9a-fA-F]{40}$/.test(asset)) return null;
  // The operator's own entry wins over the registry's, so a registry domain can be corrected by configuration.
  return (
    allowList.findLast((t) => t.chainId === chainId && isAddressEqual(t.address, reference as Address)) ??
    null
  );
}

/** The smallest payment worth sponsoring on a chain, in the token's smallest units: SPONSOR_MIN_AMOUNT_EIP155_<id>, else 1 on Ethereum and 0.01 elsewhere. */
export function minimumSponsored(chainId: string, decimals: number): bigint {
  return parseUnits(sponsorshipEnv[chainId]?.minAmount ?? (chainId === "eip155:1" ? "1" : "0.01"), decimals);
}

/**
 * Whether the token agrees with its allow-list entry about its EIP-712 domain (EIP-5267). A token
 * that does not say (USDC does not implement EIP-5267) is taken at the allow-list's word: a wrong
 * entry only makes buyers' signatures fail to verify, which the simulation catches.
 */
export async function domainMatches(chain: Chain, token: SponsoredToken): Promise<boolean> {
  const read = await getEip712Domain(chainClient(chain), { address: token.address }).catch(
    (error: unknown) => {
      if (isChainUnavailable(error)) throw error;
      return null;
    },
  );
  if (!read) return true;
  const { name, version, chainId, verifyingContract } = read.domain;
  return (
    name === token.name &&
    version === token.version &&
    chainId === chain.numericId &&
    verifyingContract !== undefined &&
    isAddressEqual(verifyingContract, token.address)
  );
}
