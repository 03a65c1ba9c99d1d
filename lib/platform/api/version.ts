import { API_VERSIONS } from "@/lib/core/config/api-version";
import { AppError } from "@/lib/core/errors/errors";

const versionPattern = /^\d{4}-\d{2}-\d{2}(\.preview)?$/;

/** The version header a request sent: ours, or WalletConnect Pay's `Wcp-Version` (same dates), ours first. */
export function requestedApiVersion(header: (name: string) => string | null): string | null {
  return header("tollgate-version") ?? header("wcp-version");
}

/** A version this release serves, or the error saying why the text is not one. */
export function knownApiVersion(requested: string): string {
  const value = requested.trim();
  if (!versionPattern.test(value)) {
    throw new AppError("invalid_api_version", "Tollgate-Version must be a date such as 2026-02-19.preview.", {
      fields: { "Tollgate-Version": value },
    });
  }
  if (!API_VERSIONS.includes(value)) {
    throw new AppError(
      "unknown_api_version",
      `Unknown API version ${value}. Known versions: ${API_VERSIONS.join(", ")}.`,
    );
  }
  return value;
}

/** The version a request runs under: the one its header selects, older or newer, else the account's pinned one. */
export function resolveApiVersion(requested: string | null, pinned: string): string {
  return requested === null ? pinned : knownApiVersion(requested);
}
