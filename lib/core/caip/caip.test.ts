import { describe, expect, it } from "vitest";
import {
  canonicalAccountId,
  canonicalAssetId,
  formatAccountId,
  formatAssetId,
  formatChainId,
  isEvmAddress,
  parseAccountId,
  parseAssetId,
  parseChainId,
  sameChain,
  toChecksumAddress,
  validateSettlement,
  type Result,
} from "./caip";

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got error: ${result.error}`);
  return result.value;
}

function error<T>(result: Result<T>): string {
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.value)}`);
  return result.error;
}

// Test vectors of EIP-55 (https://eips.ethereum.org/EIPS/eip-55).
const EIP55_VECTORS = {
  allCaps: ["0x52908400098527886E0F7030069857D2E4169EE7", "0x8617E340B3D01FA5F11F306F4090FD50E238070D"],
  allLower: ["0xde709f2102306220921060314715629080e2fb77", "0x27b1fdb04752bbc536007a920d24acb045561c26"],
  normal: [
    "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
    "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
    "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
  ],
};

describe("toChecksumAddress (EIP-55)", () => {
  it.each([...EIP55_VECTORS.allCaps, ...EIP55_VECTORS.allLower, ...EIP55_VECTORS.normal])(
    "reproduces the EIP-55 vector %s from its lowercase and uppercase forms",
    (address) => {
      const hex = address.slice(2);
      expect(toChecksumAddress(`0x${hex.toLowerCase()}`)).toBe(address);
      expect(toChecksumAddress(`0x${hex.toUpperCase()}`)).toBe(address);
    },
  );

  it("matches the example in the EIP text", () => {
    expect(toChecksumAddress("0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359")).toBe(
      "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
    );
  });

  it("checksums the DAI contract from the CAIP-19 examples", () => {
    expect(toChecksumAddress("0x6b175474e89094c44da98b954eedeac495271d0f")).toBe(
      "0x6B175474E89094C44Da98b954EedeAC495271d0F",
    );
  });

  it.each([
    "",
    "0x",
    "6b175474e89094c44da98b954eedeac495271d0f",
    "0X6b175474e89094c44da98b954eedeac495271d0f",
    "0x6b175474e89094c44da98b954eedeac495271d0",
    "0x6b175474e89094c44da98b954eedeac495271d0fa",
    "0x6b175474e89094c44da98b954eedeac495271d0g",
  ])("throws on the malformed address %j", (address) => {
    expect(() => toChecksumAddress(address)).toThrow(TypeError);
  });
});

describe("isEvmAddress", () => {
  it("accepts every EIP-55 vector: all caps, all lower and mixed-case checksums", () => {
    for (const address of [...EIP55_VECTORS.allCaps, ...EIP55_VECTORS.allLower, ...EIP55_VECTORS.normal]) {
      expect(isEvmAddress(address)).toBe(true);
    }
  });

  it("accepts single-case addresses whatever their checksum would be", () => {
    expect(isEvmAddress("0x6b175474e89094c44da98b954eedeac495271d0f")).toBe(true);
    expect(isEvmAddress("0x6B175474E89094C44DA98B954EEDEAC495271D0F")).toBe(true);
    expect(isEvmAddress("0x0000000000000000000000000000000000000000")).toBe(true);
  });

  it("rejects mixed case with one letter's case flipped", () => {
    // 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed with the first "a" upper-cased
    expect(isEvmAddress("0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toBe(false);
    // ...and with the last "d" upper-cased
    expect(isEvmAddress("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD")).toBe(false);
  });

  it.each([
    "",
    "0x",
    "0x123",
    "5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    "0X5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe",
    "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed0",
    "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg",
    " 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed\n",
    "0x５aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe",
  ])("rejects %j", (address) => {
    expect(isEvmAddress(address)).toBe(false);
  });
});

describe("parseChainId (CAIP-2)", () => {
  // The test cases of CAIP-2, plus eip155 examples from the eip155 namespace profile.
  it.each([
    ["eip155:1", "eip155", "1"],
    ["eip155:5", "eip155", "5"],
    ["eip155:28945486", "eip155", "28945486"],
    ["bip122:000000000019d6689c085ae165831e93", "bip122", "000000000019d6689c085ae165831e93"],
    ["bip122:12a765e31ffd4059bada1e25190f6e98", "bip122", "12a765e31ffd4059bada1e25190f6e98"],
    ["bip122:fdbe99b90c90bae7505796461471d89a", "bip122", "fdbe99b90c90bae7505796461471d89a"],
    ["cosmos:cosmoshub-2", "cosmos", "cosmoshub-2"],
    ["cosmos:cosmoshub-3", "cosmos", "cosmoshub-3"],
    ["cosmos:Binance-Chain-Tigris", "cosmos", "Binance-Chain-Tigris"],
    ["cosmos:iov-mainnet", "cosmos", "iov-mainnet"],
    ["starknet:SN_GOERLI", "starknet", "SN_GOERLI"],
    ["lip9:9ee11e9df416b18b", "lip9", "9ee11e9df416b18b"],
    ["chainstd:8c3444cf8970a9e41a706fab93e7a6c4", "chainstd", "8c3444cf8970a9e41a706fab93e7a6c4"],
  ])("parses %s", (input, namespace, reference) => {
    const chain = value(parseChainId(input));
    expect(chain).toEqual({ namespace, reference });
    expect(formatChainId(chain)).toBe(input);
  });

  it("accepts the length limits: 3 and 8 character namespaces, 32 character references", () => {
    expect(value(parseChainId(`abc:${"a".repeat(32)}`)).reference).toHaveLength(32);
    expect(value(parseChainId("abcdefgh:x")).namespace).toBe("abcdefgh");
  });

  it("explains a missing or extra separator", () => {
    expect(error(parseChainId("eip155"))).toBe(
      'chain id must be a CAIP-2 chain id "<namespace>:<reference>", e.g. eip155:1 (got "eip155")',
    );
    expect(error(parseChainId("eip155:1:2"))).toMatch(/^chain id must be a CAIP-2 chain id/);
    expect(error(parseChainId("eip155/1"))).toMatch(/^chain id must be a CAIP-2 chain id/);
    expect(error(parseChainId("eip155-1"))).toMatch(/^chain id must be a CAIP-2 chain id/);
  });

  it("rejects an empty string", () => {
    expect(error(parseChainId(""))).toBe("chain id must not be empty");
    expect(error(parseChainId("", "network"))).toBe("network must not be empty");
  });

  it("names the field it was given", () => {
    expect(error(parseChainId("EIP155:1", "network"))).toBe(
      'network has an invalid chain namespace "EIP155": expected 3-8 characters from a-z, 0-9 and "-"',
    );
  });

  it.each([
    ["ab:1", "namespace"], // too short
    ["abcdefghi:1", "namespace"], // too long
    ["Eip155:1", "namespace"], // uppercase
    ["eip_155:1", "namespace"], // underscore is not allowed in namespaces
    [":1", "namespace"],
    ["eip155:", "reference"],
    [`eip155:${"1".repeat(33)}`, "reference"], // 33 chars
    ["cosmos:cosmos hub", "reference"],
    ["cosmos:hub.3", "reference"],
    ["cosmos:hübe", "reference"],
    ["cosmos:hub\u0000", "reference"],
  ])("rejects %j for its %s", (input, part) => {
    expect(error(parseChainId(input))).toContain(`invalid chain ${part}`);
  });

  it("escapes control characters when quoting input", () => {
    expect(error(parseChainId("cosmos:hub\u0000"))).toBe(
      'chain id has an invalid chain reference "hub\\u0000": expected 1-32 characters from a-z, A-Z, 0-9, "-" and "_"',
    );
  });

  it("truncates very long input in the message", () => {
    const message = error(parseChainId(`cosmos:${"x".repeat(5000)}`));
    expect(message.length).toBeLessThan(250);
    expect(message).toContain(`"${"x".repeat(80)}…"`);
  });

  describe("eip155", () => {
    it.each(["eip155:0", "eip155:01", "eip155:-1", "eip155:0x1", "eip155:1e3", "eip155:mainnet"])(
      "rejects %s: the reference must be a positive decimal chain id",
      (input) => {
        const reference = input.slice("eip155:".length);
        expect(error(parseChainId(input, "chain"))).toBe(
          `chain has an invalid eip155 chain id "${reference}": expected a positive decimal integer without leading zeros, e.g. eip155:1`,
        );
      },
    );

    it("accepts Base and a 32-digit chain id", () => {
      expect(value(parseChainId("eip155:8453")).reference).toBe("8453");
      expect(value(parseChainId(`eip155:9${"0".repeat(31)}`)).reference).toHaveLength(32);
    });
  });

  it("compares chains exactly", () => {
    expect(sameChain({ namespace: "eip155", reference: "1" }, { namespace: "eip155", reference: "1" })).toBe(
      true,
    );
    expect(sameChain({ namespace: "eip155", reference: "1" }, { namespace: "eip155", reference: "10" })).toBe(
      false,
    );
    expect(
      sameChain({ namespace: "cosmos", reference: "Hub" }, { namespace: "cosmos", reference: "hub" }),
    ).toBe(false);
  });
});

describe("parseAccountId (CAIP-10)", () => {
  // The test cases of CAIP-10 and of the eip155 CAIP-10 profile (except chain id 0, below).
  it.each([
    "eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb",
    "bip122:000000000019d6689c085ae165831e93:128Lkh3S7CkDTBZ8W7BbpsN3YYizJMp8p6",
    "cosmos:cosmoshub-3:cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0",
    "polkadot:b0a8d493285c2df73290dfb7e61f870f:5hmuyxw9xdgbpptgypokw4thfyoe3ryenebr381z9iaegmfy",
    "starknet:SN_GOERLI:0x02dd1b492765c064eac4039e3841aa5f382773b598097a40073bd8b48170ab57",
    "chainstd:8c3444cf8970a9e41a706fab93e7a6c4:6d9b0b4b9994e8a6afbd3dc3ed983cd51c755afb27cd1dc7825ef59c134a39f7",
    "hedera:mainnet:0.0.1234567890-zbhlt",
    "eip155:1:0x22227A31dd842196A246d8f3b775998560eAa61d",
    "eip155:137:0x0495766cD136138Fc492Dd499B8DC87A92D6685b",
  ])("parses and formats back %s", (input) => {
    expect(formatAccountId(value(parseAccountId(input)))).toBe(input);
  });

  it("splits chain and address", () => {
    expect(value(parseAccountId("cosmos:cosmoshub-3:cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0"))).toEqual(
      {
        chainId: { namespace: "cosmos", reference: "cosmoshub-3" },
        address: "cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0",
      },
    );
  });

  it('accepts "-", "." and "%" and exactly 128 characters in an address', () => {
    expect(value(parseAccountId("chainstd:x:a-b.c%20d")).address).toBe("a-b.c%20d");
    expect(value(parseAccountId(`chainstd:x:${"a".repeat(128)}`)).address).toHaveLength(128);
  });

  it("accepts all-lowercase and all-uppercase eip155 addresses", () => {
    expect(value(parseAccountId("eip155:1:0x22227a31dd842196a246d8f3b775998560eaa61d")).address).toBe(
      "0x22227a31dd842196a246d8f3b775998560eaa61d",
    );
    expect(value(parseAccountId("eip155:137:0x0495766CD136138FC492DD499B8DC87A92D6685B")).address).toBe(
      "0x0495766CD136138FC492DD499B8DC87A92D6685B",
    );
  });

  it("rejects the eip155 chain id 0 (off-chain EOA marker), which no payment can settle on", () => {
    expect(error(parseAccountId("eip155:0:0x839395e20bbB182fa440d08F850E6c7A8f6F0780"))).toMatch(
      /invalid eip155 chain id "0"/,
    );
  });

  it("rejects a mixed-case eip155 address with a bad checksum", () => {
    expect(error(parseAccountId("eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5BfcdB", "destination"))).toBe(
      "destination address has an invalid EIP-55 checksum (0xab16a96D359eC26a11e2C2b3d8f8B8942d5BfcdB); check the address for typos",
    );
  });

  it("rejects an eip155 address that is not 0x + 40 hex characters", () => {
    expect(error(parseAccountId("eip155:1:0x123", "destination"))).toBe(
      'destination address must be an EVM address: "0x" followed by 40 hexadecimal characters (got "0x123")',
    );
    expect(error(parseAccountId("eip155:1:cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0"))).toMatch(
      /must be an EVM address/,
    );
  });

  it("leaves addresses of other namespaces to their own rules", () => {
    expect(value(parseAccountId("cosmos:cosmoshub-3:0x123")).address).toBe("0x123");
  });

  it.each([
    ["", "account id must not be empty"],
    [
      "eip155:1",
      'account id must be a CAIP-10 account id "<namespace>:<reference>:<address>", e.g. eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb (got "eip155:1")',
    ],
    // the legacy pre-2021 syntax
    ["0xab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb@eip155:1", /^account id must be a CAIP-10 account id/],
    ["eip155:1:0xab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb:extra", /^account id must be a CAIP-10 account id/],
    ["eip155:1/0xab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb", /^account id must be a CAIP-10 account id/],
    [
      "eip155:1:",
      'account id has an invalid address "": expected 1-128 characters from a-z, A-Z, 0-9, "-", "." and "%"',
    ],
    [`chainstd:x:${"a".repeat(129)}`, /^account id has an invalid address "a{80}…"/],
    ["cosmos:cosmoshub-3:cosmos1 t2uf", /^account id has an invalid address "cosmos1 t2uf"/],
    ["cosmos:cosmoshub-3:cosmos1/t2uf", /^account id has an invalid address "cosmos1\/t2uf"/],
    ["cosmos:cosmoshub-3:cosmös1", /^account id has an invalid address "cosmös1"/],
    ["cosmos:cosmoshub-3:cosmos1\u0000", /^account id has an invalid address "cosmos1\\u0000"/],
    ["COSMOS:cosmoshub-3:cosmos1", /^account id has an invalid chain namespace "COSMOS"/],
    [
      " eip155:1:0xab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb",
      /^account id has an invalid chain namespace " eip155"/,
    ],
  ])("rejects %j", (input, expected) => {
    const message = error(parseAccountId(input));
    if (typeof expected === "string") expect(message).toBe(expected);
    else expect(message).toMatch(expected);
  });
});

describe("parseAssetId (CAIP-19)", () => {
  // The test cases of CAIP-19 and CAIP-20, and examples of the eip155 CAIP-19 profile.
  it.each([
    "eip155:1/slip44:60",
    "bip122:000000000019d6689c085ae165831e93/slip44:0",
    "cosmos:cosmoshub-3/slip44:118",
    "bip122:12a765e31ffd4059bada1e25190f6e98/slip44:2",
    "cosmos:Binance-Chain-Tigris/slip44:714",
    "cosmos:iov-mainnet/slip44:234",
    "lip9:9ee11e9df416b18b/slip44:134",
    "eip155:1/erc20:0x6b175474e89094c44da98b954eedeac495271d0f",
    "eip155:1/erc20:0x8f8221afbb33998d8584a2b05749ba73c37a938a",
    "eip155:1/erc721:0x06012c8cf97BEaD5deAe237070F9587f8E7A266d",
    "eip155:1/erc721:0x06012c8cf97BEaD5deAe237070F9587f8E7A266d/771769",
    "eip155:1/erc721:0x5180db8f5c931aae63c74266b211f580155ecac8/4663",
    "hedera:mainnet/nft:0.0.55492/12",
  ])("parses and formats back %s", (input) => {
    expect(formatAssetId(value(parseAssetId(input)))).toBe(input);
  });

  it("splits the parts of an asset type", () => {
    const asset = value(parseAssetId("eip155:1/erc20:0x6b175474e89094c44da98b954eedeac495271d0f"));
    expect(asset).toEqual({
      chainId: { namespace: "eip155", reference: "1" },
      assetNamespace: "erc20",
      assetReference: "0x6b175474e89094c44da98b954eedeac495271d0f",
    });
    expect("tokenId" in asset).toBe(false);
  });

  it("splits the token id of an asset id", () => {
    expect(value(parseAssetId("hedera:mainnet/nft:0.0.55492/12"))).toEqual({
      chainId: { namespace: "hedera", reference: "mainnet" },
      assetNamespace: "nft",
      assetReference: "0.0.55492",
      tokenId: "12",
    });
  });

  it("accepts the maximum lengths: 128-character reference and 78-character token id", () => {
    const asset = value(parseAssetId(`chainstd:x/token:${"r".repeat(128)}/${"9".repeat(78)}`));
    expect(asset.assetReference).toHaveLength(128);
    expect(asset.tokenId).toHaveLength(78);
  });

  it("accepts a uint256 token id on erc721", () => {
    const max = (2n ** 256n - 1n).toString();
    expect(
      value(parseAssetId(`eip155:1/erc721:0x06012c8cf97BEaD5deAe237070F9587f8E7A266d/${max}`)).tokenId,
    ).toBe(max);
  });

  it.each([
    ["", "asset id must not be empty"],
    [
      "eip155:1",
      /^asset id must be a CAIP-19 asset id "<namespace>:<reference>\/<asset namespace>:<asset reference>", e.g. eip155:1\/slip44:60 \(got "eip155:1"\)$/,
    ],
    ["eip155:1/", /^asset id must be a CAIP-19 asset id/],
    ["eip155:1/slip44", /^asset id must be a CAIP-19 asset id/],
    ["eip155:1/slip44:60:1", /^asset id must be a CAIP-19 asset id/],
    [
      "eip155:1/erc721:0x06012c8cf97bead5deae237070f9587f8e7a266d/1/2",
      /^asset id must be a CAIP-19 asset id/,
    ],
    ["eip155:1:slip44:60", /^asset id must be a CAIP-19 asset id/],
    ["eip155/1/slip44:60", /^asset id must be a CAIP-19 asset id/],
    ["eip155:1:2/slip44:60", /^asset id must start with a CAIP-2 chain id/],
    ["eip155:01/slip44:60", /^asset id has an invalid eip155 chain id "01"/],
    ["eip155:1/SLIP44:60", /^asset id has an invalid asset namespace "SLIP44"/],
    ["eip155:1/sl:60", /^asset id has an invalid asset namespace "sl"/],
    ["chainstd:x/token:", /^asset id has an invalid asset reference ""/],
    [`chainstd:x/token:${"r".repeat(129)}`, /^asset id has an invalid asset reference "r{80}…"/],
    ["chainstd:x/token:a b", /^asset id has an invalid asset reference "a b"/],
    ["chainstd:x/token:ab\u0000", /^asset id has an invalid asset reference "ab\\u0000"/],
    ["chainstd:x/token:abc€", /^asset id has an invalid asset reference "abc€"/],
    ["chainstd:x/token:abc/", /^asset id has an invalid token id ""/],
    [`chainstd:x/token:abc/${"1".repeat(79)}`, /^asset id has an invalid token id "1{79}"/],
    ["chainstd:x/token:abc/1_2", /^asset id has an invalid token id "1_2"/],
  ])("rejects %j", (input, expected) => {
    const message = error(parseAssetId(input));
    if (typeof expected === "string") expect(message).toBe(expected);
    else expect(message).toMatch(expected);
  });

  describe("slip44", () => {
    it.each(["-1", "060", "6.0", "sixty", "0x3c"])("rejects the coin type %j", (reference) => {
      expect(error(parseAssetId(`eip155:1/slip44:${reference}`, "asset"))).toBe(
        `asset has an invalid slip44 coin type "${reference}": expected a non-negative decimal integer without leading zeros, e.g. slip44:60`,
      );
    });

    it("accepts coin type 0 (Bitcoin)", () => {
      expect(value(parseAssetId("bip122:000000000019d6689c085ae165831e93/slip44:0")).assetReference).toBe(
        "0",
      );
    });

    it("rejects a token id on a fungible coin", () => {
      expect(error(parseAssetId("eip155:1/slip44:60/1", "asset"))).toBe(
        "asset must not have a token id: slip44 assets are fungible",
      );
    });
  });

  describe("erc namespaces", () => {
    it("rejects an erc20 contract with a bad EIP-55 checksum", () => {
      expect(error(parseAssetId("eip155:1/erc20:0x6B175474E89094C44Da98b954EedeAC495271d0f", "asset"))).toBe(
        "asset erc20 token contract has an invalid EIP-55 checksum (0x6B175474E89094C44Da98b954EedeAC495271d0f); check the address for typos",
      );
    });

    it("accepts an erc20 contract in EIP-55, lowercase and uppercase form", () => {
      for (const address of [
        "0x6B175474E89094C44Da98b954EedeAC495271d0F",
        "0x6b175474e89094c44da98b954eedeac495271d0f",
        "0x6B175474E89094C44DA98B954EEDEAC495271D0F",
      ]) {
        expect(value(parseAssetId(`eip155:1/erc20:${address}`)).assetReference).toBe(address);
      }
    });

    it("rejects an erc20 reference that is not an address", () => {
      expect(error(parseAssetId("eip155:1/erc20:USDC", "asset"))).toBe(
        'asset erc20 token contract must be an EVM address: "0x" followed by 40 hexadecimal characters (got "USDC")',
      );
    });

    it("rejects a token id on erc20 and a non-decimal token id on erc721", () => {
      expect(error(parseAssetId("eip155:1/erc20:0x6b175474e89094c44da98b954eedeac495271d0f/1"))).toBe(
        "asset id must not have a token id: erc20 tokens are fungible",
      );
      expect(error(parseAssetId("eip155:1/erc721:0x06012c8cf97bead5deae237070f9587f8e7a266d/abc"))).toBe(
        'asset id has an invalid erc721 token id "abc": expected a decimal integer',
      );
    });

    it("rejects asset namespaces the eip155 profile does not define", () => {
      expect(error(parseAssetId("eip155:1/nft:0.0.55492"))).toBe(
        'asset id has an unsupported asset namespace "nft" for an eip155 chain: expected slip44 or an ERC standard such as erc20',
      );
    });
  });
});

describe("canonical forms", () => {
  it("checksums eip155 account addresses and leaves others alone", () => {
    const lower = value(parseAccountId("eip155:1:0xab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb"));
    expect(formatAccountId(canonicalAccountId(lower))).toBe(
      "eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb",
    );
    const cosmos = value(parseAccountId("cosmos:cosmoshub-3:cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0"));
    expect(canonicalAccountId(cosmos)).toEqual(cosmos);
  });

  it("gives one form for the same erc20 contract written in different cases", () => {
    const forms = [
      "eip155:1/erc20:0x6b175474e89094c44da98b954eedeac495271d0f",
      "eip155:1/erc20:0x6B175474E89094C44DA98B954EEDEAC495271D0F",
      "eip155:1/erc20:0x6B175474E89094C44Da98b954EedeAC495271d0F",
    ].map((s) => formatAssetId(canonicalAssetId(value(parseAssetId(s)))));
    expect(new Set(forms)).toEqual(new Set(["eip155:1/erc20:0x6B175474E89094C44Da98b954EedeAC495271d0F"]));
  });

  it("keeps the token id and leaves non-address references alone", () => {
    expect(
      formatAssetId(
        canonicalAssetId(
          value(parseAssetId("eip155:1/erc721:0x06012c8cf97bead5deae237070f9587f8e7a266d/771769")),
        ),
      ),
    ).toBe("eip155:1/erc721:0x06012c8cf97BEaD5deAe237070F9587f8E7A266d/771769");
    const slip = value(parseAssetId("eip155:1/slip44:60"));
    expect(canonicalAssetId(slip)).toEqual(slip);
  });
});

describe("validateSettlement", () => {
  const DAI = "eip155:1/erc20:0x6b175474e89094c44da98b954eedeac495271d0f";
  const WALLET = "eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb";

  it("accepts an asset and a destination on the same chain", () => {
    const result = validateSettlement(DAI, WALLET);
    expect(result).toEqual({
      ok: true,
      value: {
        asset: {
          chainId: { namespace: "eip155", reference: "1" },
          assetNamespace: "erc20",
          assetReference: "0x6b175474e89094c44da98b954eedeac495271d0f",
        },
        destination: {
          chainId: { namespace: "eip155", reference: "1" },
          address: "0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb",
        },
      },
    });
  });

  it("accepts native coins and non-EVM chains", () => {
    expect(
      validateSettlement("eip155:8453/slip44:60", "eip155:8453:0x52908400098527886E0F7030069857D2E4169EE7")
        .ok,
    ).toBe(true);
    expect(
      validateSettlement(
        "cosmos:cosmoshub-3/slip44:118",
        "cosmos:cosmoshub-3:cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0",
      ).ok,
    ).toBe(true);
  });

  it("names destination when the chains differ", () => {
    expect(validateSettlement("eip155:8453/slip44:60", WALLET)).toEqual({
      ok: false,
      field: "destination",
      error: "destination must be on the same chain as asset (eip155:1 vs eip155:8453)",
    });
    expect(
      validateSettlement(
        "bip122:000000000019d6689c085ae165831e93/slip44:0",
        "cosmos:cosmoshub-3:cosmos1t2uf",
      ),
    ).toMatchObject({
      ok: false,
      field: "destination",
      error: expect.stringContaining("(cosmos:cosmoshub-3 vs bip122:000000000019d6689c085ae165831e93)"),
    });
  });

  it("names asset when the asset is malformed, before looking at the destination", () => {
    expect(validateSettlement("eip155:1/erc20:0x6b17", "nonsense")).toEqual({
      ok: false,
      field: "asset",
      error:
        'asset erc20 token contract must be an EVM address: "0x" followed by 40 hexadecimal characters (got "0x6b17")',
    });
    expect(validateSettlement("", WALLET)).toEqual({
      ok: false,
      field: "asset",
      error: "asset must not be empty",
    });
  });

  it("names destination when the destination is malformed", () => {
    expect(validateSettlement(DAI, "eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5BfcdB")).toEqual({
      ok: false,
      field: "destination",
      error:
        "destination address has an invalid EIP-55 checksum (0xab16a96D359eC26a11e2C2b3d8f8B8942d5BfcdB); check the address for typos",
    });
    expect(validateSettlement(DAI, "0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb")).toMatchObject({
      ok: false,
      field: "destination",
      error: expect.stringMatching(/^destination must be a CAIP-10 account id/),
    });
  });

  it("rejects an individual token (asset id with a token id) as a settlement asset", () => {
    expect(
      validateSettlement("eip155:1/erc721:0x06012c8cf97BEaD5deAe237070F9587f8E7A266d/771769", WALLET),
    ).toEqual({
      ok: false,
      field: "asset",
      error:
        'asset must be a fungible asset type without a token id (got "eip155:1/erc721:0x06012c8cf97BEaD5deAe237070F9587f8E7A266d/771769")',
    });
  });
});
