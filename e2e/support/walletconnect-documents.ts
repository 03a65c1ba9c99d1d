import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { API_VERSIONS } from "@/lib/core/config/api-version";

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

function readDocument(dir: string, version: string): string | null {
  const file = path.join(dir, "api", `${version}.json`);
  if (existsSync(file)) return readFileSync(file, "utf8");
  try {
    return execFileSync("git", ["-C", dir, "show", `${walletConnectDocsCommit}:api/${version}.json`], {
      encoding: "utf8",
      maxBuffer: 16 << 20,
      stdio: ["ignore", "pipe", "ignore"],
    });
  } catch {
    return null;
  }
}

/**
 * The WalletConnect Pay OpenAPI document of every version Tollgate serves, or null (with a warning)
 * where no clone of WalletConnect/docs is on this machine.
 */
export function walletConnectDocuments(): Record<string, object> | null {
  const dir = process.env.WALLETCONNECT_DOCS_DIR ?? defaultDir;
  const texts = API_VERSIONS.map((version) => [version, readDocument(dir, version)] as const);
  if (texts.some(([, text]) => text === null)) {
    console.warn(
      `WalletConnect Pay's OpenAPI documents were not found in ${dir} (commit ${walletConnectDocsCommit}); answers are checked against the shapes written down in e2e/support/walletconnect-contract.ts instead. Set WALLETCONNECT_DOCS_DIR to a clone of github.com/WalletConnect/docs.`,
    );
    return null;
  }
  return Object.fromEntries(
    texts.map(([version, text]) => {
      const digest = createHash("sha256").update(text!).digest("hex");
      if (digest !== sha256[version])
        throw new Error(
          `WalletConnect Pay's ${version} document is not the one the suite was written against (SHA-256 ${digest}).`,
        );
      return [version, JSON.parse(text!) as object];
    }),
  );
}
