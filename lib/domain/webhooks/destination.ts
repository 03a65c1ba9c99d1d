import "server-only";
import dns from "node:dns/promises";
import net from "node:net";
import { env } from "@/lib/core/config/env";

// Addresses a delivery must never reach: this network, link-local (cloud metadata services live at
// 169.254.169.254 and fd00:ec2::254), multicast, reserved space, NAT64 and Teredo (whose tunnels
// reach whatever IPv4 address they embed). Loopback and private ranges are listed apart: they are
// allowed only with WEBHOOKS_ALLOW_PRIVATE_NETWORKS, for local development and the test suite.
const blocked = new net.BlockList();
for (const [prefix, bits] of [
  ["0.0.0.0", 8],
  ["169.254.0.0", 16],
  ["192.0.0.0", 24],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(prefix, bits, "ipv4");
}
for (const [prefix, bits] of [
  ["::", 128],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["2001::", 32],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  blocked.addSubnet(prefix, bits, "ipv6");
blocked.addAddress("fd00:ec2::254", "ipv6");
const loopback = new net.BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");
const privateRanges = new net.BlockList();
for (const [prefix, bits] of [
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
] as const)
  privateRanges.addSubnet(prefix, bits, "ipv4");
privateRanges.addSubnet("fc00::", 7, "ipv6");

/** Whether deliveries may go to loopback and private-network addresses (an explicit opt-in, never implied). */
export function privateNetworksAllowed(): boolean {
  return env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS;
}

export type Resolve = (hostname: string) => Promise<string[]>;
const resolveAll: Resolve = async (hostname) =>
  (await dns.lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included). */
function ipv6Groups(ip: string): number[] {
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(ip)?.[1];
  const [a = 0, b = 0, c = 0, d = 0] = dotted ? dotted.split(".").map(Number) : [];
  const hex = dotted
    ? `${ip.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
    : ip;
  const [head, tail] = hex.split("::") as [string, string | undefined];
  const parse = (part: string | undefined) => (part ? part.split(":").map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  return tail === undefined
    ? left
    : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The IPv4 address an IPv6 address carries, for the forms that reach it: IPv4-mapped
 * (::ffff:a.b.c.d, however written), IPv4-translated (::ffff:0:a.b.c.d), IPv4-compatible
 * (::a.b.c.d, e.g. ::a9fe:a9fe) and 6to4 (2002:aabb:ccdd::/16). Null for any other address.
 */
export function embeddedIPv4(ip: string): string | null {
  const g = ipv6Groups(ip);
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  if (g[0] === 0x2002) return v4(g[1]!, g[2]!);
  if (g.slice(0, 4).some((n) => n !== 0)) return null;
  const [, , , , g4, g5, g6, g7] = g as [number, number, number, number, number, number, number, number];
  if ((g4 === 0 && g5 === 0xffff) || (g4 === 0xffff && g5 === 0)) return v4(g6, g7);
  // ::1 and :: are IPv6's own loopback and unspecified addresses, judged as such.
  if (g4 === 0 && g5 === 0 && (g6 !== 0 || g7 > 1)) return v4(g6, g7);
  return null;
}

/** Why a delivery may not go to `address` ("a private … address"), or null when it may. */
export function refusedAddress(address: string, allowPrivate = privateNetworksAllowed()): string | null {
  const ip = net.isIPv6(address) ? (embeddedIPv4(address) ?? address) : address;
  const family = net.isIPv4(ip) ? "ipv4" : net.isIPv6(ip) ? "ipv6" : null;
  if (!family) return "not an IP address";
  if (loopback.check(ip, family))
    return allowPrivate ? null : "a loopback address, allowed only with WEBHOOKS_ALLOW_PRIVATE_NETWORKS";
  if (blocked.check(ip, family)) return "a link-local, reserved or tunnelled address";
  if (privateRanges.check(ip, family))
    return allowPrivate
      ? null
      : "a private-network address, allowed only with WEBHOOKS_ALLOW_PRIVATE_NETWORKS";
  return null;
}

export class RefusedDestination extends Error {}

/**
 * The addresses `hostname` resolves to (itself when it is an IP address), every one allowed; one
 * private address in a round-robin answer refuses the host (RefusedDestination). Judged at every
 * attempt, not only when the endpoint is saved: a host name can come to resolve elsewhere later.
 * A resolution failure is thrown as it is.
 */
export async function deliverableAddresses(
  hostname: string,
  resolve: Resolve = resolveAll,
  allowPrivate = privateNetworksAllowed(),
): Promise<string[]> {
  const literal = net.isIP(hostname) !== 0;
  const addresses = literal ? [hostname] : await resolve(hostname);
  for (const address of addresses) {
    const why = refusedAddress(address, allowPrivate);
    if (why)
      throw new RefusedDestination(
        literal ? `Refused: ${hostname} is ${why}.` : `Refused: ${hostname} resolves to ${address}, ${why}.`,
      );
  }
  return addresses;
}

/**
 * A `lookup` for node:net/http/https: the connection goes to the very answer that was judged. A
 * check with a separate resolution would let a DNS server answer the check with a public address
 * and the connection with a private one (DNS rebinding).
 */
export function deliverableLookup(
  resolve: Resolve = resolveAll,
  allowPrivate = privateNetworksAllowed(),
): net.LookupFunction {
  return (hostname, options, callback) => {
    deliverableAddresses(hostname, resolve, allowPrivate).then(
      (addresses) => {
        const family = { IPv4: 4, IPv6: 6 }[String(options.family)] ?? options.family;
        const answers = addresses
          .map((address) => ({ address, family: net.isIPv6(address) ? 6 : 4 }))
          .filter((answer) => !family || answer.family === family);
        if (answers.length === 0)
          callback(
            Object.assign(new Error(`${hostname} has no IPv${family} address.`), { code: "ENOTFOUND" }),
            "",
          );
        else if (options.all) callback(null, answers);
        else callback(null, answers[0]!.address, answers[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ""),
    );
  };
}
