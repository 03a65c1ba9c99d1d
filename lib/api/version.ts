import { API_VERSIONS } from "@/lib/api/api-version";
import { AppError } from "@/lib/errors/errors";

const versionPattern = /^\d{4}-\d{2}-\d{2}(\.preview)?$/;

/** The version header a request sent: ours, or WalletConnect Pay's `Wcp-Version` (same dates), ours first. */
export function requestedApiVersion(header: (name: string) => string | null): string | null {
  return header("tollgate-version") ?? header("wcp-version");
}

/** The version a request runs under: the Tollgate-Version header if sent, else the account's pinned one. */
export function resolveApiVersion(requested: string | null, pinned: string): string {
  if (requested === null) return pinned;
  const value = requested.trim();
  if (!versionPattern.test(value)) {
    throw new AppError("invalid_api_version", "Tollgate-Version must be a date such as 2026-02-19.preview.", { fields: { "Tollgate-Version": value } });
  }
  const index = API_VERSIONS.indexOf(value);
  if (index < 0) {
    throw new AppError("unknown_api_version", `Unknown API version ${value}. Known versions: ${API_VERSIONS.join(", ")}.`);
  }
  if (index < API_VERSIONS.indexOf(pinned)) {
    throw new AppError("api_version_downgrade", `This account is pinned to ${pinned}; a request cannot select the older ${value}.`);
  }
  return value;
}
