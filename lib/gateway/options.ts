import "server-only";
import crypto from "node:crypto";
import { encodeFunctionData, erc20Abi, getAddress, toHex, type Address } from "viem";
import { parseAccountId, parseAssetId } from "@/lib/chain/caip";
import { chainIdOf } from "@/lib/chain/chains";
import { db, type GatewayOption, type Payment } from "@/lib/db";
import { AppError } from "@/lib/errors/errors";
import { newId } from "@/lib/db/ids";
import { listPaymentOptions } from "@/lib/payments/payment-options";
import { gatewayAmount } from "./amount";
import { authorizationTypedDataJson, gaslessDomain, type Authorization } from "./eip3009";
import { requirePayable } from "./payable";

/** How long an option's quote holds (never past the payment's own expiry). */
export const quoteLifetimeMs = 5 * 60 * 1000;

/**
 * One option per (merchant settlement that can pay the amount × wallet account on its chain), each
 * a fresh quote with its own id, fixed until its `expiresAt`. Gasless (EIP-3009) where the token
 * allows it, otherwise a transaction the wallet sends itself. Accounts on chains the merchant
 * does not settle on get no option.
 */
export async function createGatewayOptions(payment: Payment, accounts: string[], only?: { settlementId: string }) {
  requirePayable(payment);
  const payers = accounts.map((account, i) => {
    const parsed = parseAccountId(account.trim(), `accounts.${i}`);
    if (!parsed.ok) throw new AppError("invalid_params", parsed.error, { fields: { [`accounts.${i}`]: parsed.error } });
    return { chainId: `${parsed.value.chainId.namespace}:${parsed.value.chainId.reference}`, caip10: account.trim(), address: parsed.value.address };
  });
  const settlements = (await listPaymentOptions(db(), payment)).filter((o) => !only || o.settlementId === only.settlementId);
  const expiresAt = new Date(Math.min(Date.now() + quoteLifetimeMs, payment.expiresAt.getTime()));
  const rows: GatewayOption[] = [];
  for (const option of settlements) {
    const gasless = await gaslessDomain(payment.mode, option.asset);
    for (const payer of payers.filter((p) => p.chainId === chainIdOf(option.asset) && p.chainId.startsWith("eip155:"))) {
      rows.push(
        await db().gatewayOption.create({
          data: {
            id: newId("opt"),
            accountId: payment.accountId,
            mode: payment.mode,
            paymentId: payment.id,
            settlementId: option.settlementId,
            asset: option.asset,
            destination: option.destination,
            payer: payer.caip10,
            value: option.value,
            method: gasless ? "eip3009" : "transaction",
            nonce: gasless ? toHex(crypto.randomBytes(32)) : null,
            expiresAt,
          },
        }),
      );
    }
  }
  // Cheapest network first: a gasless option costs the buyer nothing, then fewer units of value.
  rows.sort((a, b) => (a.method === b.method ? (BigInt(a.value.toFixed()) < BigInt(b.value.toFixed()) ? -1 : 1) : a.method === "eip3009" ? -1 : 1));
  return Promise.all(rows.map(serializeOption));
}

export async function serializeOption(option: GatewayOption) {
  return {
    id: option.id,
    account: option.payer,
    amount: await gatewayAmount(`caip19/${option.asset}`, option.value.toFixed()),
    etaS: option.method === "eip3009" ? 5 : 15,
    actions: await optionActions(option),
    expiresAt: Math.floor(option.expiresAt.getTime() / 1000),
  };
}

const address = (caip10: string) => getAddress(caip10.split(":").pop()!);

/** The EIP-3009 authorization an option asks the buyer to sign, exactly as verified on confirm. */
export function optionAuthorization(option: GatewayOption): Authorization {
  return {
    from: address(option.payer),
    to: address(option.destination),
    value: BigInt(option.value.toFixed()),
    validAfter: option.validAfter,
    validBefore: BigInt(Math.floor(option.expiresAt.getTime() / 1000)),
    nonce: option.nonce as `0x${string}`,
  };
}

/** The wallet RPC calls that pay an option: one signature (gasless) or one transaction. */
export async function optionActions(option: GatewayOption) {
  const chain_id = chainIdOf(option.asset);
  if (option.method === "eip3009") {
    const domain = await gaslessDomain(option.mode, option.asset);
    if (!domain) throw new AppError("invalid_state", "This option can no longer be paid without gas; ask for options again.");
    return [{ type: "walletRpc" as const, data: { chain_id, method: "eth_signTypedData_v4" as const, params: [address(option.payer), authorizationTypedDataJson(domain, optionAuthorization(option))] } }];
  }
  const asset = parseAssetId(option.asset);
  const from = address(option.payer);
  const to = address(option.destination);
  const value = BigInt(option.value.toFixed());
  const transaction: { from: Address; to: Address; value: `0x${string}`; data?: `0x${string}` } =
    asset.ok && asset.value.assetNamespace === "erc20"
      ? { from, to: getAddress(asset.value.assetReference), value: "0x0", data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, value] }) }
      : { from, to, value: toHex(value) };
  return [{ type: "walletRpc" as const, data: { chain_id, method: "eth_sendTransaction" as const, params: [transaction] } }];
}
