import type { ApiClient } from "./api";
import { freshKey } from "./api";

let n = 0;

/** A new merchant through the API, optionally with a USDC-on-Base settlement so that its payments can be paid. */
export async function createMerchant(
  api: ApiClient,
  options: { withUsdc?: boolean; name?: string; allowedReturnOrigins?: string[] } = {},
) {
  const name = options.name ?? `Merchant ${Date.now()}-${++n}`;
  const created = await api.post(
    "/v1/merchants",
    {
      merchantName: name,
      merchantEmail: `m${n}@shop.example`,
      ...(options.allowedReturnOrigins ? { allowedReturnOrigins: options.allowedReturnOrigins } : {}),
    },
    { idempotencyKey: freshKey("merchant") },
  );
  if (created.status !== 201)
    throw new Error(`could not create merchant: ${created.status} ${JSON.stringify(created.body)}`);
  const merchant = created.body.merchant as { id: string; name: string };
  if (options.withUsdc) {
    const registered = await api.post(
      `/v1/merchants/${merchant.id}/settlements/crypto`,
      { settlements: [{ asset: usdcBase, destination: `eip155:8453:${sampleAddress}` }] },
      { idempotencyKey: freshKey("settlement") },
    );
    if (registered.status !== 201)
      throw new Error(
        `could not register settlement: ${registered.status} ${JSON.stringify(registered.body)}`,
      );
  }
  return merchant;
}

export const usdcBase = "eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
export const sampleAddress = "0x52908400098527886E0F7030069857D2E4169EE7";
