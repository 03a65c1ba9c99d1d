import { describe, expect, it } from "vitest";
import { recoverTypedDataAddress, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { authorizationSigner } from "./authorization-signer";
import { authorizationTypes, type Authorization, type TokenDomain } from "./eip3009";

const buyer = privateKeyToAccount(generatePrivateKey());
const domain: TokenDomain = {
  name: "USD Coin",
  version: "2",
  chainId: 8453,
  verifyingContract: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
};
const authorization: Authorization = {
  from: buyer.address,
  to: "0x1111111111111111111111111111111111111111",
  value: 1_050_000n,
  validAfter: 0n,
  validBefore: 1_900_000_000n,
  nonce: `0x${"ab".repeat(32)}`,
};
const sign = (message: Authorization) =>
  buyer.signTypedData({
    domain,
    types: authorizationTypes,
    primaryType: "TransferWithAuthorization",
    message,
  });

describe("authorizationSigner", () => {
  it("recovers the buyer from their signature, as viem's recoverTypedDataAddress does", async () => {
    const signature = await sign(authorization);
    const viem = await recoverTypedDataAddress({
      domain,
      types: authorizationTypes,
      primaryType: "TransferWithAuthorization",
      message: authorization,
      signature,
    });
    expect(authorizationSigner(domain, authorization, signature)).toBe(buyer.address);
    expect(viem).toBe(buyer.address);
  });

  it("accepts v as 0/1 as well as 27/28", async () => {
    const signature = await sign(authorization);
    const v = Number.parseInt(signature.slice(130), 16);
    const asParity = `${signature.slice(0, 130)}${(v - 27).toString(16).padStart(2, "0")}` as Hex;
    expect(authorizationSigner(domain, authorization, asParity)).toBe(buyer.address);
  });

  it("names someone else for another amount, and no one for a malformed signature", async () => {
    const signature = await sign(authorization);
    expect(authorizationSigner(domain, { ...authorization, value: 1n }, signature)).not.toBe(buyer.address);
    expect(authorizationSigner(domain, authorization, `${signature.slice(0, 130)}05` as Hex)).toBeNull();
    expect(authorizationSigner(domain, authorization, signature.slice(0, 130) as Hex)).toBeNull();
    expect(authorizationSigner(domain, authorization, `0x${"00".repeat(65)}`)).toBeNull();
  });
});
