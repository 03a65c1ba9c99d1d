import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { API_VERSIONS } from "../../lib/api/api-version";

// WalletConnect Pay's OpenAPI documents, one per API version, from the WalletConnect/docs repository
// at a pinned commit. They are read, not copied into this repository: WalletConnect/docs carries no
// licence file, so its documents are not ours to redistribute. Point WALLETCONNECT_DOCS_DIR at a
// checkout (or a bare clone) of it; the SHA-256 of each document is checked, so a later edit of
// theirs fails loudly here instead of moving the contract under our feet.
export const walletConnectDocsCommit = "713016ce8e55cd87436447a4e95eb140830ac4cd";
const sha256: Record<string, string> = {
  "2026-02-18": "1b681fe03ac60fe6e54a38fa269ea4ef93e66d2f7a78dd6557cfe2dd543dd457",
  "2026-02-19.preview": "0f16f36d4821a6ebdc1be00df29cfcd7c121174f496e54f28105d80aef36642f",
};
const defaultDir = "/work/.mirror/WalletConnect+docs/repo";

function readDocument(version: string): string {
  const dir = process.env.WALLETCONNECT_DOCS_DIR ?? defaultDir;
  const file = path.join(dir, "api", `${version}.json`);
  if (existsSync(file)) return readFileSync(file, "utf8");
  try {
    return execFileSync("git", ["-C", dir, "show", `${walletConnectDocsCommit}:api/${version}.json`], { encoding: "utf8", maxBuffer: 16 << 20 });
  } catch {
    throw new Error(`WalletConnect Pay's OpenAPI document ${version} was not found: set WALLETCONNECT_DOCS_DIR to a clone of github.com/WalletConnect/docs (commit ${walletConnectDocsCommit}).`);
  }
}

/** The WalletConnect Pay OpenAPI document of every version Tollgate serves. */
export function walletConnectDocuments(): Record<string, object> {
  return Object.fromEntries(
    API_VERSIONS.map((version) => {
      const text = readDocument(version);
      const digest = createHash("sha256").update(text).digest("hex");
      if (digest !== sha256[version]) throw new Error(`WalletConnect Pay's ${version} document is not the one the suite was written against (SHA-256 ${digest}).`);
      return [version, JSON.parse(text) as object];
    }),
  );
}
