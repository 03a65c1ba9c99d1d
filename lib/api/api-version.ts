// Every API version this release serves, oldest first. Accounts are pinned to the newest one when
// they are created; a request may select a newer version than its pin with Tollgate-Version.
// 2026-02-18 is the interface before the 2026-02-19 preview; both have the same shape today.
export const API_VERSIONS: readonly string[] = ["2026-02-18", "2026-02-19.preview"];

export const CURRENT_API_VERSION = "2026-02-19.preview";
