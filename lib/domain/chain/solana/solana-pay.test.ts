import { describe, expect, it } from "vitest";
import { solanaPayReference } from "@/lib/core/chain/solana/solana-pay-reference";
import { solanaPayRequest } from "./solana-pay";

const cluster = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp";
const mint = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const wallet = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
const shown = { label: "Café & Co", message: "Order 42" };

describe("solanaPayRequest", () => {
  const reference = solanaPayReference("pay_1", "crypto_1");

  it("asks for a token in whole units with its mint, the reference, and the label and message encoded", () => {
    const request = solanaPayRequest(
      {
        asset: `${cluster}/token:${mint}`,
        destination: `${cluster}:${wallet}`,
        value: "10500000",
        decimals: 6,
      },
      reference,
      shown,
    );
    expect(request).toEqual({
      uri: `solana:${wallet}?amount=10.5&spl-token=${mint}&reference=${reference}&label=Caf%C3%A9%20%26%20Co&message=Order%2042`,
      recipient: wallet,
      reference,
      mint,
    });
  });

  it("asks for SOL without spl-token", () => {
    const request = solanaPayRequest(
      { asset: `${cluster}/slip44:501`, destination: `${cluster}:${wallet}`, value: "1", decimals: 9 },
      reference,
      shown,
    );
    expect(request?.uri).toBe(
      `solana:${wallet}?amount=0.000000001&reference=${reference}&label=Caf%C3%A9%20%26%20Co&message=Order%2042`,
    );
  });

  it("has no request for an EVM asset", () => {
    const evm = solanaPayRequest(
      {
        asset: "eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
        destination: "eip155:8453:0x1111111111111111111111111111111111111111",
        value: "1",
        decimals: 6,
      },
      reference,
      shown,
    );
    expect(evm).toBeNull();
  });
});
