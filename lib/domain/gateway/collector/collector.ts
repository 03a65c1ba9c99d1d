import "server-only";
import {
  erc20Abi,
  getAddress,
  hashDomain,
  isAddressEqual,
  maxUint256,
  parseAbi,
  type Address,
  type Hex,
  type PublicClient,
} from "viem";
import { getEip712Domain } from "viem/actions";
import { parseAssetId } from "@/lib/core/caip/caip";
import { chainIdOf, getChain, type Chain } from "@/lib/core/chain/chains";
import { chainClient } from "@/lib/core/chain/client";
import { collectorEnv, env, relayerKeyEnv } from "@/lib/core/config/env";
import type { PaymentAttempt } from "@/lib/core/db";
import { isChainUnavailable } from "@/lib/core/errors/chain-errors";
import { findKnownAsset } from "@/lib/core/money/assets";
import type { TokenDomain } from "../eip3009";
import type { SponsoredToken } from "../sponsored-tokens";

// Tollgate's collector (contracts/TollgateCollector.sol): gasless payments in tokens without
// EIP-3009. The buyer allows the collector once (a signed EIP-2612 permit the relayer submits with
// the first payment, or an `approve` transaction the wallet sends), then signs one EIP-712 `Payment`
// per payment, binding the payment id, token, exact amount and the merchant's destination; the
// relayer submits it and pays the gas. An option paid this way has method "collector" and keeps its
// plan (below) in `transaction`, so confirm and relay rebuild exactly what the wallet was shown.

export const collectorAbi = parseAbi([
  "struct Payment { string paymentId; address token; uint256 amount; address destination; bytes32 nonce; uint256 deadline; }",
  "function collect(address payer, Payment payment, bytes signature)",
  "function collectWithPermit(address payer, Payment payment, bytes signature, uint256 permitValue, uint256 permitDeadline, uint8 v, bytes32 r, bytes32 s)",
  "function nonceUsed(address payer, bytes32 nonce) view returns (bool)",
  "event Collected(address indexed payer, address indexed token, address indexed destination, uint256 amount, string paymentId, bytes32 nonce)",
  "error PaymentExpired()",
  "error NonceAlreadyUsed()",
  "error InvalidSignature()",
]);

const permitAbi = parseAbi([
  "function nonces(address owner) view returns (uint256)",
  "function DOMAIN_SEPARATOR() view returns (bytes32)",
  "function name() view returns (string)",
  "function version() view returns (string)",
]);

export const paymentTypes = {
  Payment: [
    { name: "paymentId", type: "string" },
    { name: "token", type: "address" },
    { name: "amount", type: "uint256" },
    { name: "destination", type: "address" },
    { name: "nonce", type: "bytes32" },
    { name: "deadline", type: "uint256" },
  ],
} as const;

export const permitTypes = {
  Permit: [
    { name: "owner", type: "address" },
    { name: "spender", type: "address" },
    { name: "value", type: "uint256" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
} as const;

/**
 * How the buyer's allowance for the collector is (or will be) in place when the payment is relayed:
 * already there; a permit for the whole allowance signed now (the token's permit nonce at quoting);
 * or `approve` transactions the wallet sends first (`0`, then the whole allowance, when an allowance
 * too small is there already: Tether refuses to change one that is not 0).
 */
export type CollectorPlan =
  | { kind: "allowance" }
  | { kind: "permit"; permitNonce: string }
  | { kind: "approve"; resetFirst: boolean };

/** What a collection may use beyond SPONSOR_GAS_LIMIT when its token's entry names no limit. */
export const collectorExtraGas = 100_000;

/** The collector on a chain, when one is deployed and a relayer can submit to it. */
export function collectorAddress(chainId: string): Address | null {
  const configured = collectorEnv[chainId];
  return configured && relayerKeyEnv[chainId] ? getAddress(configured.address) : null;
}

/**
 * The sponsorship allow-list entry of a token paid through the collector: any ERC-20 of the asset
 * registry on a chain with a collector, and the operator's COLLECTOR_TOKENS_EIP155_<id>.
 */
export function collectorToken(asset: string): SponsoredToken | null {
  const parsed = parseAssetId(asset);
  if (!parsed.ok || parsed.value.assetNamespace !== "erc20") return null;
  const chainId = chainIdOf(asset);
  const configured = collectorEnv[chainId];
  if (!configured || !collectorAddress(chainId)) return null;
  const address = getAddress(parsed.value.assetReference);
  const listed = configured.tokens.findLast((t) => isAddressEqual(t.address, address));
  if (!listed && !findKnownAsset(asset)) return null;
  return {
    chainId,
    address,
    name: "",
    version: "",
    // A first payment also submits the buyer's permit, some 50–100k gas more than a transfer.
    gasLimit: BigInt(listed?.gasLimit ?? env.SPONSOR_GAS_LIMIT + collectorExtraGas),
  };
}

export function readPlan(option: PaymentAttempt): CollectorPlan {
  return JSON.parse(option.transaction!) as CollectorPlan;
}

const payerOf = (option: PaymentAttempt) => getAddress(option.payer!.split(":").pop()!);
const tokenOf = (option: PaymentAttempt) => getAddress(option.asset.split(":").pop()!);
const deadlineOf = (option: PaymentAttempt) => BigInt(Math.floor(option.expiresAt.getTime() / 1000));

/** The `Payment` the buyer signs for an option, exactly as the collector checks it. */
export function optionPayment(option: PaymentAttempt) {
  return {
    paymentId: option.paymentId,
    token: tokenOf(option),
    amount: BigInt(option.value.toFixed()),
    destination: getAddress(option.destination.split(":").pop()!),
    nonce: option.nonce as Hex,
    deadline: deadlineOf(option),
  };
}

export function collectorDomain(chainId: string) {
  return {
    name: "Tollgate Collector",
    version: "1",
    chainId: Number(chainId.split(":")[1]),
    verifyingContract: collectorAddress(chainId)!,
  };
}

/** The permit a `permit` plan asks the buyer to sign: the whole allowance, for the collector, until the option expires. */
export function optionPermit(option: PaymentAttempt, plan: { permitNonce: string }) {
  return {
    owner: payerOf(option),
    spender: collectorAddress(chainIdOf(option.asset))!,
    value: maxUint256,
    nonce: BigInt(plan.permitNonce),
    deadline: deadlineOf(option),
  };
}

const permitDomains = new Map<string, Promise<TokenDomain | null>>();

/**
 * The token's EIP-2612 domain when it has a working `permit`: the domain it states (EIP-5267), or
 * its name() and version() (else "1"), accepted only when it hashes to the token's own
 * DOMAIN_SEPARATOR(), so the buyer is never asked to sign a permit the token would refuse.
 */
export function permitDomain(chain: Chain, token: Address): Promise<TokenDomain | null> {
  const key = `${chain.id}/${token.toLowerCase()}`;
  let domain = permitDomains.get(key);
  if (!domain) {
    domain = readPermitDomain(chain, token);
    permitDomains.set(key, domain);
    domain.catch(() => permitDomains.delete(key));
  }
  return domain;
}

async function readPermitDomain(chain: Chain, token: Address): Promise<TokenDomain | null> {
  const client = chainClient(chain);
  const read = <T>(promise: Promise<T>) =>
    promise.catch((error: unknown) => {
      if (isChainUnavailable(error)) throw error;
      return null;
    });
  const [separator, stated, name, version] = await Promise.all([
    read(client.readContract({ address: token, abi: permitAbi, functionName: "DOMAIN_SEPARATOR" })),
    read(getEip712Domain(client, { address: token })),
    read(client.readContract({ address: token, abi: permitAbi, functionName: "name" })),
    read(client.readContract({ address: token, abi: permitAbi, functionName: "version" })),
  ]);
  if (!separator) return null;
  const candidates = [
    stated && { name: stated.domain.name ?? "", version: stated.domain.version ?? "" },
    name !== null && { name, version: version ?? "1" },
  ].filter((c): c is { name: string; version: string } => !!c);
  for (const c of candidates) {
    const domain = { ...c, chainId: chain.numericId, verifyingContract: token };
    if (
      hashDomain({
        domain: { ...domain, chainId: BigInt(domain.chainId) },
        types: { EIP712Domain: domainFields },
      }).toLowerCase() === separator.toLowerCase()
    )
      return domain;
  }
  return null;
}

/** EIP712Domain's fields, as every domain here has them. */
export const domainFields = [
  { name: "name", type: "string" },
  { name: "version", type: "string" },
  { name: "chainId", type: "uint256" },
  { name: "verifyingContract", type: "address" },
] as const;

/**
 * How this buyer's allowance for the collector will be in place (see CollectorPlan), read from the
 * token now; null when the token cannot be paid through the collector on this chain.
 */
export async function collectorPlan(
  asset: string,
  payer: Address,
  value: bigint,
): Promise<CollectorPlan | null> {
  const chainId = chainIdOf(asset);
  const collector = collectorAddress(chainId);
  const chain = getChain(chainId);
  if (!collector || !chain || !collectorToken(asset)) return null;
  const token = getAddress(asset.split(":").pop()!);
  const client = chainClient(chain);
  const allowance = await client.readContract({
    address: token,
    abi: erc20Abi,
    functionName: "allowance",
    args: [payer, collector],
  });
  if (allowance >= value) return { kind: "allowance" };
  if (await permitDomain(chain, token)) {
    const nonce = await client.readContract({
      address: token,
      abi: permitAbi,
      functionName: "nonces",
      args: [payer],
    });
    return { kind: "permit", permitNonce: nonce.toString() };
  }
  return { kind: "approve", resetFirst: allowance > 0n };
}

/** Whether the collector has executed this option's payment (its nonce is used), and in which transaction when asked. */
export async function collectionUsed(client: PublicClient, option: PaymentAttempt): Promise<boolean> {
  return client.readContract({
    address: collectorAddress(chainIdOf(option.asset))!,
    abi: collectorAbi,
    functionName: "nonceUsed",
    args: [payerOf(option), option.nonce as Hex],
  });
}

/** The transaction in which the collector executed this option's payment, if it has. */
export async function collectionTransaction(
  client: PublicClient,
  option: PaymentAttempt,
): Promise<Hex | null> {
  const logs = await client.getContractEvents({
    address: collectorAddress(chainIdOf(option.asset))!,
    abi: collectorAbi,
    eventName: "Collected",
    args: { payer: payerOf(option), token: tokenOf(option) },
    fromBlock: 0n,
  });
  return logs.find((log) => log.args.nonce === option.nonce)?.transactionHash ?? null;
}
