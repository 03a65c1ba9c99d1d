import { afterEach, describe, expect, it, vi } from "vitest";
import { base62FromBytes, ID_PREFIXES, ID_RANDOM_LENGTH, isId, newId, randomBase62 } from "./ids";

afterEach(() => {
  vi.restoreAllMocks();
});

/** A byte source yielding `bytes` in order, then zeros, counting how many it gave. */
function byteQueue(bytes: number[]) {
  const queue = [...bytes];
  const source = Object.assign(() => (source.taken++, queue.shift() ?? 0), { taken: 0 });
  return source;
}

describe("ID_PREFIXES", () => {
  it("uses the prefixes the spec and DESIGN.md fix", () => {
    expect(ID_PREFIXES).toMatchObject({
      merchant: "mrch",
      payment: "pay",
      fiatSettlement: "fiat",
      cryptoSettlement: "crypto",
      refund: "re",
      apiKey: "key",
      webhookEndpoint: "we",
      event: "evt",
    });
  });

  it("has no duplicate prefixes", () => {
    const prefixes = Object.values(ID_PREFIXES);
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });
});

describe("randomBase62", () => {
  it("returns the requested number of base62 characters", () => {
    expect(randomBase62(0)).toBe("");
    expect(randomBase62(1)).toMatch(/^[0-9A-Za-z]$/);
    expect(randomBase62(32)).toMatch(/^[0-9A-Za-z]{32}$/);
  });

  it("produces more than getRandomValues' 65536-byte limit in one call", () => {
    expect(randomBase62(100_000)).toMatch(/^[0-9A-Za-z]{100000}$/);
  });

  it("maps bytes 0-247 onto the alphabet and skips 248-255 (rejection sampling)", () => {
    // 248..255 would make byte % 62 favour 0-7; they must be dropped, not wrapped.
    expect(base62FromBytes(8, byteQueue([255, 248, 0, 9, 10, 35, 36, 61, 62, 247, 250]))).toBe("09AZaz0z");
  });

  it("keeps taking bytes until enough survive rejection", () => {
    const source = byteQueue([...Array<number>(40).fill(255), 1, 2, 3]);
    expect(base62FromBytes(3, source)).toBe("123");
    expect(source.taken).toBe(43);
  });

  it("fills its bytes from the CSPRNG a pool at a time, not once per id", () => {
    const spy = vi.spyOn(globalThis.crypto, "getRandomValues");
    const ids = new Set(Array.from({ length: 1000 }, () => newId("pay")));
    expect(ids.size).toBe(1000);
    expect(spy.mock.calls.length).toBeGreaterThan(0);
    expect(spy.mock.calls.length).toBeLessThanOrEqual(8);
  });

  it("uses every character with roughly equal frequency", () => {
    const sample = randomBase62(62 * 2000);
    const counts = new Map<string, number>();
    for (const c of sample) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // Expected 2000 each; a standard deviation is about 44, so 1700-2300 is > 6 sigma.
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(1700);
      expect(count).toBeLessThan(2300);
    }
  });

  it("rejects a negative or fractional length", () => {
    expect(() => randomBase62(-1)).toThrow(RangeError);
    expect(() => randomBase62(1.5)).toThrow(RangeError);
    expect(() => randomBase62(Number.NaN)).toThrow(RangeError);
  });
});

describe("newId", () => {
  it("is the prefix, an underscore and 24 base62 characters", () => {
    for (const prefix of Object.values(ID_PREFIXES)) {
      const id = newId(prefix);
      expect(id).toMatch(new RegExp(`^${prefix}_[0-9A-Za-z]{24}$`));
      expect(id).toHaveLength(prefix.length + 1 + ID_RANDOM_LENGTH);
    }
  });

  it("does not repeat", () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => newId("pay")));
    expect(ids.size).toBe(10_000);
  });
});

describe("isId", () => {
  it("accepts ids made by newId", () => {
    for (const prefix of Object.values(ID_PREFIXES)) {
      expect(isId(prefix, newId(prefix))).toBe(true);
    }
    expect(isId("pay", "pay_000000000000000000000000")).toBe(true);
    expect(isId("re", "re_abcdefghijklmnopqrstuvwx")).toBe(true);
  });

  it.each([
    ["wrong prefix", "mrch_4Xq0c9ZkP1sWmB7tR2yLhE3v"],
    ["prefix of a longer prefix", "p_4Xq0c9ZkP1sWmB7tR2yLhE3v"],
    ["no separator", "pay4Xq0c9ZkP1sWmB7tR2yLhE3v"],
    ["dash separator", "pay-4Xq0c9ZkP1sWmB7tR2yLhE3v"],
    ["uppercase prefix", "PAY_4Xq0c9ZkP1sWmB7tR2yLhE3v"],
    ["23 characters", "pay_4Xq0c9ZkP1sWmB7tR2yLhE3"],
    ["25 characters", "pay_4Xq0c9ZkP1sWmB7tR2yLhE3vX"],
    ["a non-base62 character", "pay_4Xq0c9ZkP1sWmB7tR2yLh-3v"],
    ["a trailing newline", "pay_4Xq0c9ZkP1sWmB7tR2yLhE3v\n"],
    ["a leading space", " pay_4Xq0c9ZkP1sWmB7tR2yLhE3v"],
    ["a null byte", "pay_4Xq0c9ZkP1sWmB7tR2yLhE3\u0000"],
    ["a non-ASCII letter", "pay_4Xq0c9ZkP1sWmB7tR2yLhé3v"],
    ["a path", "pay_4Xq0c9ZkP1sWmB7tR2yLhE3v/../x"],
    ["just the prefix", "pay_"],
    ["empty", ""],
  ])("rejects a pay id with %s", (_case, value) => {
    expect(isId("pay", value)).toBe(false);
  });

  it("does not confuse prefixes that start alike", () => {
    expect(isId("re", newId("pay"))).toBe(false);
    expect(isId("we", newId("whd"))).toBe(false);
    expect(isId("crypto", newId("fiat"))).toBe(false);
  });

  it("rejects non-strings", () => {
    expect(isId("pay", null)).toBe(false);
    expect(isId("pay", undefined)).toBe(false);
    expect(isId("pay", 42)).toBe(false);
    expect(isId("pay", { toString: () => newId("pay") })).toBe(false);
  });
});
