// What an API key may do. A key with an empty permission list may do all of it (in its own mode).
export const apiPermissions = ["merchants.read", "merchants.write", "settlements.read", "settlements.write", "payments.read", "payments.write", "refunds.read", "refunds.write", "webhooks.read", "webhooks.write"] as const;

export type ApiPermission = (typeof apiPermissions)[number];
