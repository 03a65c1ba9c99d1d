import { describe, expect, it } from "vitest";
import { paymentRequest } from "./payment-request";

const usdcBase = "eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const payee = "0x52908400098527886E0F7030069857D2E4169EE7";

describe("paymentRequest", () => {
  it("asks for an ERC-20 transfer: EIP-681 transfer URI and transfer(address,uint256) calldata", () => {
    expect(paymentRequest(usdcBase, `eip155:8453:${payee}`, "10500000")).toEqual({
      uri: `ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=${payee}&uint256=10500000`,
      recipient: payee,
      transaction: {
        chainId: "0x2105",
        to: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
        value: "0x0",
        data:
          "0xa9059cbb" +
          "00000000000000000000000052908400098527886e0f7030069857d2e4169ee7" +
          "0000000000000000000000000000000000000000000000000000000000a037a0",
      },
    });
  });

  it("asks for a native transfer: EIP-681 value URI and a plain value transaction", () => {
    expect(paymentRequest("eip155:1/slip44:60", `eip155:1:${payee}`, "1500000000000000000")).toEqual({
      uri: `ethereum:${payee}@1?value=1500000000000000000`,
      recipient: payee,
      transaction: { chainId: "0x1", to: payee, value: "0x14d1120d7b160000" },
    });
  });

  it("writes addresses in their EIP-55 form whatever case they were stored in", () => {
    const request = paymentRequest(usdcBase.toLowerCase(), `eip155:8453:${payee.toLowerCase()}`, "1");
    expect(request?.uri).toBe(
      `ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=${payee}&uint256=1`,
    );
  });

  it("has no request for assets a wallet cannot be asked to send this way", () => {
    expect(
      paymentRequest("eip155:1/erc721:0x06012c8cf97BEaD5deAe237070F9587f8E7A266d", `eip155:1:${payee}`, "1"),
    ).toBeNull();
    expect(
      paymentRequest(
        "bip122:000000000019d6689c085ae165831e93/slip44:0",
        "bip122:000000000019d6689c085ae165831e93:128Lkh3S7CkDTBZ8W7BbpsN3YYizJMp8p6",
        "1",
      ),
    ).toBeNull();
    expect(paymentRequest("not an asset", `eip155:1:${payee}`, "1")).toBeNull();
  });
});
