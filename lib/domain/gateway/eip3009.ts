import "server-only";
import { getAddress, parseAbi, parseSignature, type Address, type Hex } from "viem";
import { findKnownAsset } from "@/lib/core/money/assets";
import { parseAssetId } from "@/lib/core/caip/caip";
import { chainIdOf, getChain } from "@/lib/core/chain/chains";
import { chainClient } from "@/lib/core/chain/client";
import type { Mode } from "@/lib/core/db";
import { relayerKeyEnv } from "@/lib/core/config/env";
import { logger } from "@/lib/core/log/logger";
import { domainMatches, sponsoredToken, type SponsoredToken } from "./sponsored-tokens";

// EIP-3009 `transferWithAuthorization`: the buyer signs typed data moving the quoted amount from
// their account straight to the merchant's destination, and anyone (our relayer) may submit it,
// paying the gas. Tollgate never holds the funds.

export type TokenDomain = { name: string; version: string; chainId: number; verifyingContract: Address };
export type Authorization = {
  from: Address;
  to: Address;
  value: bigint;
  validAfter: bigint;
  validBefore: bigint;
  nonce: Hex;
};

export const authorizationTypes = {
  TransferWithAuthorization: [
    { name: "from", type: "address" },
    { name: "to", type: "address" },
    { name: "value", type: "uint256" },
    { name: "validAfter", type: "uint256" },
    { name: "validBefore", type: "uint256" },
    { name: "nonce", type: "bytes32" },
  ],
} as const;

export const eip3009Abi = parseAbi([
  "function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s)",
  "function authorizationState(address authorizer, bytes32 nonce) view returns (bool)",
  "event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)",
]);

/** A 65-byte signature as the `uint8 v, bytes32 r, bytes32 s` parameters token contracts take. */
export function signatureVrs(signature: Hex): [number, Hex, Hex] {
  const { r, s, v, yParity } = parseSignature(signature);
  return [Number(v ?? 27n + BigInt(yParity)), r, s];
}

/** The arguments of `transferWithAuthorization` for an authorization and the buyer's signature of it. */
export function transferWithAuthorizationArgs(auth: Authorization, signature: Hex) {
  return [
    auth.from,
    auth.to,
    auth.value,
    auth.validAfter,
    auth.validBefore,
    auth.nonce,
    ...signatureVrs(signature),
  ] as const;
}

const liveDomains = new Map<string, Promise<TokenDomain | null>>();

/**
 * The token's EIP-712 domain when its payments can be gasless. Test mode knows the domain from the
 * asset registry (nothing is submitted); live mode needs a relayer for the chain and the token on
 * the operator's allow-list (lib/domain/gateway/sponsored-tokens.ts), answering `authorizationState` and
 * not contradicting the listed domain.
 */
export function gaslessDomain(mode: Mode, asset: string): Promise<TokenDomain | null> {
  const parsed = parseAssetId(asset);
  if (!parsed.ok || parsed.value.assetNamespace !== "erc20") return Promise.resolve(null);
  const chainId = Number(parsed.value.chainId.reference);
  const verifyingContract = getAddress(parsed.value.assetReference);
  if (mode === "test") {
    const known = findKnownAsset(asset)?.eip3009;
    return Promise.resolve(known ? { ...known, chainId, verifyingContract } : null);
  }
  const token = sponsoredToken(asset);
  if (!token || !relayerKeyEnv[chainIdOf(asset)]) return Promise.resolve(null);
  const key = asset.toLowerCase();
  let domain = liveDomains.get(key);
  if (!domain) {
    domain = readLiveDomain(token, chainId);
    liveDomains.set(key, domain);
    domain.catch(() => liveDomains.delete(key));
  }
  return domain;
}

async function readLiveDomain(token: SponsoredToken, chainId: number): Promise<TokenDomain | null> {
  const chain = getChain(token.chainId);
  if (!chain) return null;
  const zero = "0x0000000000000000000000000000000000000000000000000000000000000000";
  const supported = await chainClient(chain)
    .readContract({
      address: token.address,
      abi: eip3009Abi,
      functionName: "authorizationState",
      args: [token.address, zero],
    })
    .then(
      () => true,
      () => false,
    );
  if (!supported || !(await domainMatches(chain, token))) {
    logger.warn(
      { asset: `${token.chainId}/erc20:${token.address}` },
      "Gas sponsorship: an allow-listed token does not implement EIP-3009 with its listed EIP-712 domain; it is not offered gasless.",
    );
    return null;
  }
  return { name: token.name, version: token.version, chainId, verifyingContract: token.address };
}

/** The `eth_signTypedData_v4` payload a wallet signs, as JSON (numbers as decimal strings). */
export function authorizationTypedDataJson(domain: TokenDomain, authorization: Authorization): string {
  return JSON.stringify({
    types: {
      EIP712Domain: [
        { name: "name", type: "string" },
        { name: "version", type: "string" },
        { name: "chainId", type: "uint256" },
        { name: "verifyingContract", type: "address" },
      ],
      ...authorizationTypes,
    },
    domain,
    primaryType: "TransferWithAuthorization",
    message: {
      ...authorization,
      value: authorization.value.toString(),
      validAfter: authorization.validAfter.toString(),
      validBefore: authorization.validBefore.toString(),
    },
  });
}
