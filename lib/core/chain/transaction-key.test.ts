import { describe, expect, it } from "vitest";
import { claimOf, sameAddress, transactionKey } from "./transaction-key";

const signature = "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW";

describe("transactionKey", () => {
  it("lower-cases an EVM hash, whose hex digits ignore case", () => {
    expect(transactionKey("eip155:8453", `0x${"AB".repeat(32)}`)).toBe(`0x${"ab".repeat(32)}`);
  });
  it("keeps a Solana signature as given: in base58 case is part of the value", () => {
    expect(transactionKey("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp", signature)).toBe(signature);
  });
});

describe("sameAddress", () => {
  it("ignores case on EVM (checksummed or not) and not on Solana", () => {
    const evm = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
    expect(sameAddress("eip155:8453", evm, evm.toLowerCase())).toBe(true);
    const wallet = "9dgC69iZRwQ6MUBXx7HPe4yFsTcJSBePXhtdi4xWnX4r";
    expect(sameAddress("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp", wallet, wallet)).toBe(true);
    expect(sameAddress("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp", wallet, wallet.toLowerCase())).toBe(false);
  });
});

describe("claimOf", () => {
  it("on EVM is the transfer's own log, its hash in lower case", () => {
    expect(claimOf({ chainId: "eip155:8453", txHash: `0x${"AB".repeat(32)}`, logIndex: 3 })).toEqual({
      chainId: "eip155:8453",
      txHash: `0x${"ab".repeat(32)}`,
      logIndex: 3,
    });
  });
  it("on Solana is any claim of the transaction, whatever account index the inbox row has", () => {
    const chainId = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp";
    expect(claimOf({ chainId, txHash: signature, logIndex: 4 })).toEqual({ chainId, txHash: signature });
  });
});
