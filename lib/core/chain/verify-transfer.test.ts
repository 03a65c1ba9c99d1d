import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/core/errors/errors";
import { parseTransactionId } from "./verify-transfer";

const cluster = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp";
const signature = "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW";
const evmHash = `0x${"AB".repeat(32)}`;

describe("parseTransactionId", () => {
  it("keeps a Solana signature as given, and lower-cases an EVM hash", () => {
    expect(parseTransactionId(cluster, signature)).toBe(signature);
    expect(parseTransactionId("eip155:8453", evmHash)).toBe(evmHash.toLowerCase());
  });
  it("refuses an EVM hash for a Solana option (and a signature for an EVM one) as a field error, not a decoding crash", () => {
    for (const [chainId, id] of [
      [cluster, evmHash],
      [cluster, `${signature.slice(0, -1)}0`],
      ["eip155:8453", signature],
    ] as const) {
      const refused = (() => {
        try {
          parseTransactionId(chainId, id);
        } catch (error) {
          return error;
        }
      })();
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({
        code: "params_validation",
        details: { fields: { txHash: expect.any(String) } },
      });
    }
  });
});
