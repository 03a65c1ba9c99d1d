import "server-only";
import { erc20Abi, getAddress, type Address, type Hex } from "viem";
import { z } from "zod";
import { getChain } from "@/lib/core/chain/chains";
import { chainClient } from "@/lib/core/chain/client";
import { relayerKeyEnv } from "@/lib/core/config/env";
import { db, Prisma, type CryptoSettlement, type PaymentAttempt } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { checkAuthorization } from "@/lib/domain/gateway/confirm";
import {
  eip3009Abi,
  gaslessDomain,
  transferWithAuthorizationArgs,
  type Authorization,
} from "@/lib/domain/gateway/eip3009";
import { relayerAccount } from "@/lib/domain/gateway/relay";
import type { X402PaymentPayload, X402Requirements } from "@/lib/domain/schemas/x402";
import type { Scope } from "@/lib/core/tenancy/scope";
import { reasons, refuse, type Refusal } from "./reasons";
import { EVM_ADDRESS } from "@/lib/core/caip/caip";

// The `exact` scheme on EVM with an EIP-3009 authorization (x402's scheme_exact_evm), checked the
// way the gateway checks a wallet's gasless signature: the same typed data, the same signature check
// (lib/domain/gateway/confirm.ts), the same tokens (those Tollgate can relay, lib/domain/gateway/eip3009.ts).

const address = z.string().regex(EVM_ADDRESS);
const uint = z.string().regex(/^\d{1,78}$/);
const ExactEvmPayloadSchema = z.object({
  // A 65-byte ECDSA signature: smart-wallet (ERC-1271 / ERC-6492) signatures are not relayed.
  signature: z.string().regex(/^0x[0-9a-fA-F]{130}$/),
  authorization: z.object({
    from: address,
    to: address,
    value: uint,
    validAfter: uint,
    validBefore: uint,
    nonce: z.string().regex(/^0x[0-9a-fA-F]{64}$/),
  }),
});

/** The clock skew allowed between an agent's `now + maxTimeoutSeconds` and ours. */
const skewSeconds = 60;
/** validBefore must leave the relayer this long to get the transfer mined (as @x402/evm requires). */
const minimumLeftSeconds = 6;

export type VerifiedPayment = {
  ok: true;
  payer: Address;
  network: string;
  settlement: CryptoSettlement;
  authorization: Authorization;
  signature: Hex;
  /** Asset, payer and nonce: what makes the authorization usable once. */
  claimKey: string;
};

/**
 * Checks an agent's payment against requirements whose payee must be one of `settlements` (the
 * merchant's crypto settlements): scheme, network, a token Tollgate relays, payee, amount, validity
 * window, the signature, and that the authorization was not used (here or, in live mode, on chain,
 * where the balance is read and the transfer simulated too). Answers a refusal with x402's reason.
 */
export async function verifyExactPayment(
  scope: Scope,
  payload: X402PaymentPayload,
  requirements: X402Requirements,
  settlements: CryptoSettlement[],
): Promise<VerifiedPayment | Refusal> {
  if (payload.x402Version !== 2) return refuse(reasons.version, "Tollgate speaks x402 version 2.");
  if (requirements.scheme !== "exact" || payload.accepted.scheme !== "exact")
    return refuse(reasons.scheme, "Tollgate settles the `exact` scheme only.");
  const parsed = ExactEvmPayloadSchema.safeParse(payload.payload);
  if (!parsed.success)
    return refuse(
      reasons.payload,
      "payload must hold an EIP-3009 `authorization` and its 65-byte `signature` (Permit2 and smart-wallet signatures are not supported).",
    );
  const { signature, authorization: raw } = parsed.data;
  const payer = getAddress(raw.from);
  if (payload.accepted.network !== requirements.network)
    return refuse(reasons.networkMismatch, "The payment's network is not the requirements'.", payer);
  const network = requirements.network;
  if (!/^eip155:\d{1,18}$/.test(network))
    return refuse(
      reasons.network,
      `Tollgate settles EVM networks (eip155:<chain id>), not ${network}.`,
      payer,
    );
  if (scope.mode === "live" && (!getChain(network) || !relayerKeyEnv[network]))
    return refuse(reasons.network, `Tollgate has no relayer on ${network}.`, payer);
  if (!address.safeParse(requirements.asset).success)
    return refuse(reasons.requirements, "asset must be the token's contract address.", payer);

  const asset = `${network}/erc20:${getAddress(requirements.asset)}`;
  const domain = await gaslessDomain(scope.mode, asset);
  if (!domain)
    return refuse(
      reasons.notSponsored,
      `Tollgate does not relay ${requirements.asset} on ${network}: it is not a token with EIP-3009 that Tollgate sponsors.`,
      payer,
    );
  if (typeof requirements.extra?.name === "string" && requirements.extra.name !== domain.name)
    return refuse(reasons.tokenName, `The token's EIP-712 name is "${domain.name}".`, payer);
  if (typeof requirements.extra?.version === "string" && requirements.extra.version !== domain.version)
    return refuse(reasons.tokenVersion, `The token's EIP-712 version is "${domain.version}".`, payer);

  const authorization: Authorization = {
    from: payer,
    to: getAddress(raw.to),
    value: BigInt(raw.value),
    validAfter: BigInt(raw.validAfter),
    validBefore: BigInt(raw.validBefore),
    nonce: raw.nonce as Hex,
  };
  if (!address.safeParse(requirements.payTo).success || authorization.to !== getAddress(requirements.payTo))
    return refuse(reasons.recipient, "The authorization does not pay the requirements' payTo.", payer);
  const settlement = settlements.find(
    (s) =>
      s.asset.toLowerCase() === asset.toLowerCase() &&
      s.destination.toLowerCase() === `${network}:${authorization.to}`.toLowerCase(),
  );
  if (!settlement)
    return refuse(
      reasons.recipient,
      `payTo ${authorization.to} is not one of the merchant's destinations for ${asset}.`,
      payer,
    );
  if (authorization.value !== BigInt(requirements.amount))
    return refuse(
      reasons.value,
      `The authorization moves ${authorization.value}, not the required ${requirements.amount}.`,
      payer,
    );

  const now = BigInt(Math.floor(Date.now() / 1000));
  if (authorization.validBefore < now + BigInt(minimumLeftSeconds))
    return refuse(reasons.validBefore, "The authorization has expired (validBefore is past).", payer);
  if (
    authorization.validBefore >
    now + BigInt(Math.ceil(Math.min(requirements.maxTimeoutSeconds, 30 * 86_400))) + BigInt(skewSeconds)
  ) {
    return refuse(reasons.validBefore, "validBefore is later than maxTimeoutSeconds allows.", payer);
  }
  if (authorization.validAfter > now)
    return refuse(
      reasons.validAfter,
      "The authorization is not valid yet (validAfter is in the future).",
      payer,
    );

  try {
    await checkAuthorization(
      authorizationOption(scope, "", settlement, network, authorization),
      signature as Hex,
      payer,
    );
  } catch (error) {
    if (error instanceof AppError && error.code === "invalid_params")
      return refuse(reasons.signature, `The signature is not ${payer}'s over this authorization.`, payer);
    throw error;
  }
  const claimKey = `${asset}:${payer}:${authorization.nonce}`.toLowerCase();
  if (await db().x402Payment.findUnique({ where: { claimKey }, select: { id: true } }))
    return refuse(reasons.nonceUsed, "This authorization was already settled.", payer);
  if (scope.mode === "live") {
    const refused = await chainRefusal(
      network,
      getAddress(requirements.asset),
      authorization,
      signature as Hex,
    );
    if (refused) return refused;
  }
  return { ok: true, payer, network, settlement, authorization, signature: signature as Hex, claimKey };
}

/** What the chain says of the authorization: used already, more than the payer holds, or a transfer that would revert. */
async function chainRefusal(
  network: string,
  token: Address,
  auth: Authorization,
  signature: Hex,
): Promise<Refusal | null> {
  const client = chainClient(getChain(network)!);
  try {
    const [used, balance] = await Promise.all([
      client.readContract({
        address: token,
        abi: eip3009Abi,
        functionName: "authorizationState",
        args: [auth.from, auth.nonce],
      }),
      client.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [auth.from] }),
    ]);
    if (used)
      return refuse(reasons.nonceUsed, "The token says this authorization was already used.", auth.from);
    if (balance < auth.value)
      return refuse(
        reasons.funds,
        `${auth.from} holds ${balance} of the token, less than ${auth.value}.`,
        auth.from,
      );
  } catch (error) {
    return refuse(
      "unexpected_verify_error",
      `The chain could not be read: ${(error as Error).message.split("\n")[0]}`,
      auth.from,
    );
  }
  const simulated = await client
    .simulateContract({
      address: token,
      abi: eip3009Abi,
      functionName: "transferWithAuthorization",
      args: transferWithAuthorizationArgs(auth, signature),
      account: relayerAccount(network)?.address,
    })
    .then(
      () => null,
      (error: Error) => error,
    );
  return simulated
    ? refuse(reasons.simulation, `The transfer would fail: ${simulated.message.split("\n")[0]}`, auth.from)
    : null;
}

/** The authorization as a gateway option of `paymentId` (not yet stored), so the gateway checks, confirms and relays it. */
export function authorizationOption(
  scope: Scope,
  paymentId: string,
  settlement: CryptoSettlement,
  network: string,
  auth: Authorization,
  id = "",
): PaymentAttempt {
  return {
    id,
    accountId: scope.accountId,
    mode: scope.mode,
    paymentId,
    settlementId: settlement.id,
    asset: settlement.asset,
    destination: settlement.destination,
    payer: `${network}:${auth.from}`,
    transaction: null,
    value: new Prisma.Decimal(auth.value.toString()),
    method: "eip3009",
    nonce: auth.nonce,
    validAfter: auth.validAfter,
    expiresAt: new Date(Number(auth.validBefore) * 1000),
    confirmedAt: null,
    result: null,
    supersededAt: null,
    createdAt: new Date(),
  };
}
