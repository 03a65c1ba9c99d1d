import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/core/errors/errors";
import { deliverableAddresses, embeddedIPv4, RefusedDestination, refusedAddress } from "./destination";
import { assertDeliverableUrl } from "./endpoint-url";

const resolvesTo =
  (...addresses: string[]) =>
  async () =>
    addresses;
const production = false;
const optIn = true;

describe("where deliveries may go", () => {
  const linkLocalOrReserved = "a link-local, reserved or tunnelled address";
  const privateNetwork = "a private-network address, allowed only with WEBHOOKS_ALLOW_PRIVATE_NETWORKS";
  const loopbackOnlyOptIn = "a loopback address, allowed only with WEBHOOKS_ALLOW_PRIVATE_NETWORKS";

  it("refuses link-local, metadata, reserved and tunnelled addresses, however written, even with the opt-in", () => {
    const addresses = [
      "169.254.169.254",
      "0.0.0.0",
      "224.0.0.1",
      "::",
      "fd00:ec2::254",
      "fe80::1",
      "::ffff:169.254.169.254",
      "::a9fe:a9fe",
      "::ffff:a9fe:a9fe",
      "::ffff:0:a9fe:a9fe",
      "2002:a9fe:a9fe::1",
      "64:ff9b::a9fe:a9fe",
      "2001:0:4136:e378:8000:63bf:3fff:fdd2",
      "2001::1",
    ];
    for (const address of addresses) {
      expect(refusedAddress(address, optIn), address).toBe(linkLocalOrReserved);
      expect(refusedAddress(address, production), address).toBe(linkLocalOrReserved);
    }
  });

  it("refuses private networks, however written, unless opted in", () => {
    for (const address of [
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.10",
      "100.64.0.1",
      "fd00::1",
      "::ffff:10.0.0.1",
      "::ffff:a00:1",
      "::a00:1",
      "2002:c0a8:10a::",
      "::ffff:0:10.0.0.1",
    ]) {
      expect(refusedAddress(address, production), address).toBe(privateNetwork);
      expect(refusedAddress(address, optIn), address).toBeNull();
    }
  });

  it("allows public addresses, including ones next to the private ranges and 6to4 of a public one", () => {
    for (const address of [
      "93.184.215.14",
      "172.32.0.1",
      "11.0.0.1",
      "192.169.0.1",
      "2606:4700::1111",
      "::ffff:8.8.8.8",
      "::ffff:808:808",
      "2002:5db8:d70e::1",
    ])
      expect(refusedAddress(address, production), address).toBeNull();
  });

  it("allows loopback, however written, only with the opt-in", () => {
    for (const address of [
      "127.0.0.1",
      "127.0.0.2",
      "::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::7f00:1",
      "::127.0.0.1",
      "2002:7f00:1::1",
    ]) {
      expect(refusedAddress(address, optIn), address).toBeNull();
      expect(refusedAddress(address, production), address).toBe(loopbackOnlyOptIn);
    }
  });

  it("reads the IPv4 address inside mapped, compatible and 6to4 IPv6 addresses", () => {
    expect(embeddedIPv4("::ffff:7f00:1")).toBe("127.0.0.1");
    expect(embeddedIPv4("::a9fe:a9fe")).toBe("169.254.169.254");
    expect(embeddedIPv4("::ffff:10.0.0.1")).toBe("10.0.0.1");
    expect(embeddedIPv4("2002:c0a8:0101::5")).toBe("192.168.1.1");
    expect(embeddedIPv4("::1")).toBeNull();
    expect(embeddedIPv4("2606:4700::1111")).toBeNull();
  });

  it("resolves a host name and refuses it when any of its addresses is refused", async () => {
    expect(await deliverableAddresses("hooks.example.com", resolvesTo("93.184.215.14"), production)).toEqual([
      "93.184.215.14",
    ]);
    await expect(
      deliverableAddresses("metadata.google.internal", resolvesTo("169.254.169.254"), production),
    ).rejects.toThrow(
      new RefusedDestination(
        "Refused: metadata.google.internal resolves to 169.254.169.254, a link-local, reserved or tunnelled address.",
      ),
    );
    await expect(
      deliverableAddresses("rebind.example.com", resolvesTo("93.184.215.14", "10.0.0.7"), production),
    ).rejects.toThrow("resolves to 10.0.0.7");
    await expect(
      deliverableAddresses("localhost", resolvesTo("127.0.0.1", "::1"), production),
    ).rejects.toThrow(loopbackOnlyOptIn);
    expect(await deliverableAddresses("localhost", resolvesTo("127.0.0.1", "::1"), optIn)).toEqual([
      "127.0.0.1",
      "::1",
    ]);
  });

  it("judges a literal address without resolving it", async () => {
    const unused = async () => {
      throw new Error("must not resolve a literal address");
    };
    await expect(deliverableAddresses("192.168.0.1", unused, production)).rejects.toThrow(
      new RefusedDestination(
        "Refused: 192.168.0.1 is a private-network address, allowed only with WEBHOOKS_ALLOW_PRIVATE_NETWORKS.",
      ),
    );
    await expect(deliverableAddresses("fe80::1", unused, production)).rejects.toThrow(
      "Refused: fe80::1 is a link-local, reserved or tunnelled address.",
    );
    expect(await deliverableAddresses("::1", unused, optIn)).toEqual(["::1"]);
  });

  it("passes a resolution failure on as it is", async () => {
    const notFound = Object.assign(new Error("getaddrinfo ENOTFOUND nowhere.invalid"), { code: "ENOTFOUND" });
    await expect(
      deliverableAddresses("nowhere.invalid", async () => Promise.reject(notFound), production),
    ).rejects.toBe(notFound);
  });

  it("refuses a literal private address already when the endpoint is saved (no opt-in in this environment)", () => {
    const urls = [
      "https://169.254.169.254/latest/meta-data",
      "https://10.0.0.1/hook",
      "https://[fd00::1]/hook",
      "https://[::a9fe:a9fe]/",
      "https://[::7f00:1]/",
      "https://[::ffff:127.0.0.1]/",
      "https://[2002:a9fe:a9fe::]/",
      "https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/",
      "https://127.0.0.1/hook",
    ];
    for (const url of urls) {
      let error: unknown;
      try {
        assertDeliverableUrl(url, { mode: "live" });
      } catch (e) {
        error = e;
      }
      expect(error, url).toBeInstanceOf(AppError);
      expect(((error as AppError).details?.fields as Record<string, string>).url, url).toMatch(
        /^Must not be a (link-local|private-network|loopback)/,
      );
    }
    expect(() => assertDeliverableUrl("http://localhost:3000/hook", { mode: "live" })).toThrow(
      "Must be an https:// URL",
    );
  });
});
