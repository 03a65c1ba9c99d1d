import { describe, expect, it } from "vitest";
import { callerAddress } from "./caller-address";

describe("callerAddress", () => {
  it("ignores X-Forwarded-For when no proxy is trusted: a caller cannot pick its own address", () => {
    expect(callerAddress("203.0.113.9", "127.0.0.1", 0)).toBe("127.0.0.1");
    expect(callerAddress("203.0.113.9, 10.0.0.1", "::ffff:10.1.2.3", 0)).toBe("::ffff:10.1.2.3");
    expect(callerAddress(undefined, "127.0.0.1", 0)).toBe("127.0.0.1");
  });

  it("behind one trusted proxy takes the address that proxy appended, not what the caller wrote before it", () => {
    expect(callerAddress("203.0.113.9", "10.0.0.2", 1)).toBe("203.0.113.9");
    expect(callerAddress("6.6.6.6, 203.0.113.9", "10.0.0.2", 1)).toBe("203.0.113.9");
    expect(callerAddress(["6.6.6.6", "203.0.113.9"], "10.0.0.2", 1)).toBe("203.0.113.9");
  });

  it("behind two trusted proxies skips the inner proxy's hop", () => {
    expect(callerAddress("6.6.6.6, 203.0.113.9, 10.0.0.1", "10.0.0.2", 2)).toBe("203.0.113.9");
  });

  it("falls back to the socket when the header has fewer hops than trusted proxies, or none", () => {
    expect(callerAddress("203.0.113.9", "10.0.0.2", 2)).toBe("10.0.0.2");
    expect(callerAddress(" , ", "10.0.0.2", 1)).toBe("10.0.0.2");
    expect(callerAddress(undefined, undefined, 1)).toBeNull();
  });
});
