import { describe, expect, it } from "vitest";
import { decideNavigation } from "@/lib/core/bridge/decide-navigation";
import { walletLinks } from "./wallet-links";

const uri =
  "wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1800000000";

describe("walletLinks", () => {
  it("opens wallets by their own schemes, the pairing URI encoded in `uri`", () => {
    expect(walletLinks(uri, false)[0]).toEqual({
      name: "MetaMask",
      href: `metamask://wc?uri=${encodeURIComponent(uri)}`,
    });
  });

  it("uses https universal links when preferUniversalLinks is asked for", () => {
    const links = walletLinks(uri, true);
    expect(links.every((l) => l.href.startsWith("https://"))).toBe(true);
    expect(links[0]!.href).toBe(`https://metamask.app.link/wc?uri=${encodeURIComponent(uri)}`);
  });

  it("gives links that a web view applying lib/core/bridge forwards to the operating system", () => {
    for (const { href } of [...walletLinks(uri, false), ...walletLinks(uri, true)]) {
      expect(decideNavigation(href), href).toBe("forward-to-os");
      expect(new URL(href).searchParams.get("uri")).toBe(uri);
    }
  });
});
