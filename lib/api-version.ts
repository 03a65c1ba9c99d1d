// The interface of this release. Accounts are pinned to the version current at their creation.
export const CURRENT_API_VERSION = "2026-02-19.preview";
