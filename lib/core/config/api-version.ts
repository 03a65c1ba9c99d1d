// Every API version this release serves, oldest first. Both are WalletConnect Pay's: 2026-02-18 is
// its stable version, 2026-02-19.preview the newer one. Accounts are pinned to the newest when they
// are created; any request may select any of them with Tollgate-Version (or Wcp-Version), older or
// newer, as Stripe's versions work. What each version changes is declared beside each operation
// (`versions` in ./operation.ts) and listed in the README's "Versions".
export const API_VERSIONS: readonly string[] = ["2026-02-18", "2026-02-19.preview"];

export const CURRENT_API_VERSION = "2026-02-19.preview";
