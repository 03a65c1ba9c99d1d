import { getAddress, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { expect, freshKey, type ApiClient } from "./api";
import { localCaip2, signTypedJson, type LocalChain } from "./chain";

// What a wallet written with viem does against the Gateway (WalletConnect Pay) on the local chain.

export type Action = { type: "walletRpc"; data: { chain_id: string; method: string; params: unknown[] } };

/** What a wallet does with an eth_signTypedData_v4 action: sign the JSON it was given. */
export async function signAction(account: PrivateKeyAccount, action: Action): Promise<Hex> {
  expect(action.data.method).toBe("eth_signTypedData_v4");
  expect(getAddress(action.data.params[0] as string)).toBe(account.address);
  return signTypedJson(account, action.data.params[1] as string);
}

/** A merchant settling `asset` to `destination`, and a live payment of `value` of it. */
export async function liveGatewayPayment(api: ApiClient, asset: string, value: string, destination: Address) {
  const merchant = (
    await api.post(
      "/v1/merchants",
      { merchantName: "Gateway Shop", merchantEmail: "gw@shop.example" },
      { idempotencyKey: freshKey() },
    )
  ).body.merchant;
  const registered = await api.post(
    `/v1/merchants/${merchant.id}/settlements/crypto`,
    { settlements: [{ asset, destination: `${localCaip2}:${destination}` }] },
    { idempotencyKey: freshKey() },
  );
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const payment = (
    await api.post(
      "/v1/payments",
      { referenceId: `gw-${Date.now()}`, amount: { unit: `caip19/${asset}`, value } },
      { merchantId: merchant.id },
    )
  ).body;
  return {
    merchantId: merchant.id as string,
    paymentId: payment.id as string,
    gatewayUrl: payment.gatewayUrl as string,
    settlementId: registered.body.crypto[0].id as string,
  };
}

/** A buyer holding tokens and no ETH at all: only a gasless payment can work for them. */
export async function fundedBuyer(chain: LocalChain, token: Address, amount: bigint) {
  const account = privateKeyToAccount(generatePrivateKey());
  await chain.transferToken(token, account.address, amount);
  return account;
}
