import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { deliverableAddresses, RefusedDestination, refusedAddress } from "./destination";
import { assertDeliverableUrl } from "./endpoint-url";

const resolvesTo = (...addresses: string[]) => async () => addresses;
const production = false;
const local = true;

describe("where deliveries may go", () => {
  it("refuses private, link-local, metadata and reserved addresses, IPv4 and IPv6", () => {
    for (const address of ["10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.10", "169.254.169.254", "100.64.0.1", "0.0.0.0", "224.0.0.1", "::", "fd00:ec2::254", "fe80::1", "::ffff:10.0.0.1", "::ffff:169.254.169.254"]) {
      expect(refusedAddress(address, local), address).toBe("a private, link-local or reserved address");
    }
  });

  it("allows public addresses, including ones next to the private ranges", () => {
    for (const address of ["93.184.215.14", "172.32.0.1", "11.0.0.1", "192.169.0.1", "2606:4700::1111", "::ffff:8.8.8.8"]) expect(refusedAddress(address, production), address).toBeNull();
  });

  it("allows loopback only on a local install", () => {
    for (const address of ["127.0.0.1", "127.0.0.2", "::1", "::ffff:127.0.0.1"]) {
      expect(refusedAddress(address, local), address).toBeNull();
      expect(refusedAddress(address, production), address).toBe("a loopback address, allowed only on a local install");
    }
  });

  it("resolves a host name and refuses it when any of its addresses is refused", async () => {
    expect(await deliverableAddresses("hooks.example.com", resolvesTo("93.184.215.14"), production)).toEqual(["93.184.215.14"]);
    await expect(deliverableAddresses("metadata.google.internal", resolvesTo("169.254.169.254"), production)).rejects.toThrow(
      new RefusedDestination("Refused: metadata.google.internal resolves to 169.254.169.254, a private, link-local or reserved address."),
    );
    await expect(deliverableAddresses("rebind.example.com", resolvesTo("93.184.215.14", "10.0.0.7"), production)).rejects.toThrow("resolves to 10.0.0.7");
    await expect(deliverableAddresses("localhost", resolvesTo("127.0.0.1", "::1"), production)).rejects.toThrow("a loopback address, allowed only on a local install");
    expect(await deliverableAddresses("localhost", resolvesTo("127.0.0.1", "::1"), local)).toEqual(["127.0.0.1", "::1"]);
  });

  it("judges a literal address without resolving it", async () => {
    const unused = async () => {
      throw new Error("must not resolve a literal address");
    };
    await expect(deliverableAddresses("192.168.0.1", unused, production)).rejects.toThrow(new RefusedDestination("Refused: 192.168.0.1 is a private, link-local or reserved address."));
    await expect(deliverableAddresses("fe80::1", unused, production)).rejects.toThrow("Refused: fe80::1 is a private, link-local or reserved address.");
    expect(await deliverableAddresses("::1", unused, local)).toEqual(["::1"]);
  });

  it("passes a resolution failure on as it is", async () => {
    const notFound = Object.assign(new Error("getaddrinfo ENOTFOUND nowhere.invalid"), { code: "ENOTFOUND" });
    await expect(deliverableAddresses("nowhere.invalid", async () => Promise.reject(notFound), production)).rejects.toBe(notFound);
  });

  it("refuses a literal private address already when the endpoint is saved", () => {
    for (const url of ["https://169.254.169.254/latest/meta-data", "https://10.0.0.1/hook", "https://[fd00::1]/hook"]) {
      let error: unknown;
      try {
        assertDeliverableUrl(url);
      } catch (e) {
        error = e;
      }
      expect(error, url).toBeInstanceOf(AppError);
      expect((error as AppError).details?.fields, url).toEqual({ url: "Must not be a private, link-local or reserved address." });
    }
  });
});
