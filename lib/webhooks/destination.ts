import "server-only";
import dns from "node:dns/promises";
import net from "node:net";
import { env, publicBaseUrl } from "@/lib/env";

// Addresses a delivery must never reach: this network, private and carrier-grade NAT ranges,
// link-local (cloud metadata services live at 169.254.169.254 and fd00:ec2::254), multicast and
// reserved space. Loopback is listed apart: it is allowed on a local install only.
const blocked = new net.BlockList();
for (const [prefix, bits] of [["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["169.254.0.0", 16], ["172.16.0.0", 12], ["192.0.0.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["224.0.0.0", 4], ["240.0.0.0", 4]] as const) {
  blocked.addSubnet(prefix, bits, "ipv4");
}
for (const [prefix, bits] of [["::", 128], ["64:ff9b::", 96], ["fc00::", 7], ["fe80::", 10], ["ff00::", 8]] as const) blocked.addSubnet(prefix, bits, "ipv6");
const loopback = new net.BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/** Not production, or served over plain http: a developer's machine, or the test suite. */
export function isLocalInstall(): boolean {
  return env.NODE_ENV !== "production" || publicBaseUrl().startsWith("http:");
}

export type Resolve = (hostname: string) => Promise<string[]>;
const resolveAll: Resolve = async (hostname) => (await dns.lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/** Why a delivery may not go to `address` ("a private … address"), or null when it may. */
export function refusedAddress(address: string, localInstall = isLocalInstall()): string | null {
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is.
  const ip = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
  const family = net.isIPv4(ip) ? "ipv4" : net.isIPv6(ip) ? "ipv6" : null;
  if (!family) return "not an IP address";
  if (loopback.check(ip, family)) return localInstall ? null : "a loopback address, allowed only on a local install";
  if (blocked.check(ip, family)) return "a private, link-local or reserved address";
  return null;
}

export class RefusedDestination extends Error {}

/**
 * The addresses `hostname` resolves to (itself when it is an IP address), every one allowed; one
 * private address in a round-robin answer refuses the host (RefusedDestination). Judged at every
 * attempt, not only when the endpoint is saved: a host name can come to resolve elsewhere later.
 * A resolution failure is thrown as it is.
 */
export async function deliverableAddresses(hostname: string, resolve: Resolve = resolveAll, localInstall = isLocalInstall()): Promise<string[]> {
  const literal = net.isIP(hostname) !== 0;
  const addresses = literal ? [hostname] : await resolve(hostname);
  for (const address of addresses) {
    const why = refusedAddress(address, localInstall);
    if (why) throw new RefusedDestination(literal ? `Refused: ${hostname} is ${why}.` : `Refused: ${hostname} resolves to ${address}, ${why}.`);
  }
  return addresses;
}

/**
 * A `lookup` for node:net/http/https: the connection goes to the very answer that was judged. A
 * check with a separate resolution would let a DNS server answer the check with a public address
 * and the connection with a private one (DNS rebinding).
 */
export function deliverableLookup(resolve: Resolve = resolveAll, localInstall = isLocalInstall()): net.LookupFunction {
  return (hostname, options, callback) => {
    deliverableAddresses(hostname, resolve, localInstall).then(
      (addresses) => {
        const family = { IPv4: 4, IPv6: 6 }[String(options.family)] ?? options.family;
        const answers = addresses.map((address) => ({ address, family: net.isIPv6(address) ? 6 : 4 })).filter((answer) => !family || answer.family === family);
        if (answers.length === 0) callback(Object.assign(new Error(`${hostname} has no IPv${family} address.`), { code: "ENOTFOUND" }), "");
        else if (options.all) callback(null, answers);
        else callback(null, answers[0]!.address, answers[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ""),
    );
  };
}
