import Ajv2020, { type ValidateFunction } from "ajv/dist/2020.js";
import { expect } from "@playwright/test";

// What WalletConnect Pay's clients require of the responses we share with its API (the OpenAPI
// document `2026-02-19.preview` in WalletConnect/docs), written out here by hand: the required
// fields, their types, and the error codes its SDK can parse. A response that breaks any of this
// is refused by their SDK, whatever our own OpenAPI document says.

const errorCodes = [
  "rate_limited",
  "invalid_params",
  "params_validation",
  "payment_not_found",
  "idempotency_conflict",
  "internal_error",
  "invalid_api_key",
  "unauthorized",
  "forbidden",
  "invalid_state",
  "payment_expired",
  "quote_expired",
  "missing_api_key",
  "missing_merchant_api_key",
  "missing_merchant_id",
  "header_not_ascii",
  "not_sandbox_api_key",
  "merchant_not_found",
  "merchant_exists",
  "api_key_not_found",
  "partner_not_found",
  "customer_not_found",
  "wallet_not_found",
  "executor_not_found",
  "missing_app_id",
  "missing_client_id",
  "invalid_app_id",
  "conflicting_auth_headers",
  "missing_auth_headers",
  "invalid_api_version",
  "unknown_api_version",
  "api_version_downgrade",
  "sanctioned_user",
  "payment_not_succeeded",
  "already_refunded",
];
const statuses = ["requires_action", "processing", "succeeded", "failed", "expired", "cancelled"];
const string = { type: "string" };
const nullable = (schema: object) => ({ anyOf: [schema, { type: "null" }] });
const object = (required: string[], properties: Record<string, object>) => ({
  type: "object",
  required,
  properties,
});

const display = object(["assetSymbol", "assetName", "decimals"], {
  assetSymbol: string,
  assetName: string,
  decimals: { type: "integer", minimum: 0 },
});
const amount = object(["unit", "value", "display"], { unit: string, value: string, display });
const error = object(["code", "message"], { code: { enum: errorCodes }, message: string });
const status = object(["status", "isFinal"], {
  status: { enum: statuses },
  isFinal: { type: "boolean" },
  pollInMs: nullable({ type: "integer", minimum: 0 }),
  info: nullable(object(["txId", "optionAmount"], { txId: string, optionAmount: amount })),
});
const action = object(["type", "data"], {
  type: { const: "walletRpc" },
  data: object(["chain_id", "method", "params"], {
    chain_id: string,
    method: string,
    params: { type: "array" },
  }),
});
const gatewayPayment = object(["status", "amount", "expiresAt", "merchant"], {
  status: { enum: statuses },
  amount,
  expiresAt: { type: "integer", minimum: 0 },
  merchant: object(["name"], { name: string, iconUrl: nullable(string) }),
  buyer: nullable(
    object(["accountCaip10", "accountProviderName"], { accountCaip10: string, accountProviderName: string }),
  ),
});
const option = object(["id", "account", "amount", "etaS", "actions"], {
  id: string,
  account: string,
  amount,
  etaS: { type: "integer", minimum: 0 },
  actions: { type: "array", items: action },
  expiresAt: nullable({ type: "integer", minimum: 0 }),
});
const merchantPayments = object(["data", "nextCursor", "stats"], {
  data: {
    type: "array",
    items: object(["paymentId"], {
      paymentId: string,
      merchant: object(["id"], { id: string }),
      status: { enum: statuses },
      isTerminal: { type: "boolean" },
      fiatAmount: amount,
      tokenAmount: amount,
    }),
  },
  nextCursor: nullable(string),
  stats: object(["totalRevenue", "totalTransactions", "totalCustomers"], {
    totalRevenue: {
      type: "array",
      items: object(["amount", "currency"], { amount: { type: "number" }, currency: string }),
    },
    totalTransactions: { type: "integer" },
    totalCustomers: { type: "integer" },
  }),
});
const created = object(["paymentId", "status", "expiresAt", "isFinal", "gatewayUrl"], {
  paymentId: string,
  status: { enum: statuses },
  expiresAt: { type: "integer", minimum: 0 },
  isFinal: { type: "boolean" },
  gatewayUrl: string,
});

/** Success bodies by "METHOD path template"; every error body must be WalletConnect's ErrorResponse. */
const successes: [RegExp, string, object][] = [
  [/^\/v1\/payments$/, "POST", created],
  // WalletConnect's ecommerce guide (payments/ecommerce/api-reference.mdx): the create's answer, and the status it verifies.
  [/^\/v1\/merchant\/payment$/, "POST", created],
  [
    /^\/v1\/merchant\/payment\/[^/]+\/status$/,
    "GET",
    object(["status", "isFinal"], { status: { enum: statuses }, isFinal: { type: "boolean" } }),
  ],
  [/^\/v1\/payments$/, "GET", merchantPayments],
  [/^\/v1\/merchants\/payments$/, "GET", merchantPayments],
  [/^\/v1\/payments\/[^/]+\/status$/, "GET", status],
  [/^\/v1\/gateway\/payment\/[^/]+$/, "GET", gatewayPayment],
  [
    /^\/v1\/gateway\/payment\/[^/]+\/options$/,
    "POST",
    object(["options"], { options: { type: "array", items: option }, info: nullable(gatewayPayment) }),
  ],
  [
    /^\/v1\/gateway\/payment\/[^/]+\/fetch$/,
    "POST",
    object(["actions"], { actions: { type: "array", items: action } }),
  ],
  [/^\/v1\/gateway\/payment\/[^/]+\/(confirm|status)$/, "POST", status],
  [/^\/v1\/gateway\/payment\/[^/]+\/status$/, "GET", status],
  [
    /^\/v1\/gateway\/payment\/[^/]+\/cancel$/,
    "POST",
    object(["paymentId", "status", "cancelledReason", "cancelledAt"], {
      paymentId: string,
      status: { enum: statuses },
      cancelledReason: string,
      cancelledAt: string,
    }),
  ],
];

const ajv = new Ajv2020({ strict: false, allErrors: true });
const compiled = new Map<object, ValidateFunction>();

/** Fails the test when `body` is not what WalletConnect Pay's clients accept for this response. */
/** Whether a success shape is written down here for this operation. */
export function knowsWalletConnectShape(method: string, pathname: string): boolean {
  return successes.some(([path, m]) => m === method && path.test(pathname));
}

export function expectWalletConnectShape(
  method: string,
  pathname: string,
  statusCode: number,
  body: unknown,
): void {
  const schema =
    statusCode >= 400 ? error : successes.find(([path, m]) => m === method && path.test(pathname))?.[2];
  expect(
    schema,
    `${method} ${pathname}: no WalletConnect Pay shape is written down for this response`,
  ).toBeDefined();
  let validate = compiled.get(schema!);
  if (!validate) compiled.set(schema!, (validate = ajv.compile(schema!)));
  expect(
    validate(body),
    `${method} ${pathname} ${statusCode} is not what WalletConnect Pay's clients accept: ${ajv.errorsText(validate.errors)}`,
  ).toBe(true);
}
