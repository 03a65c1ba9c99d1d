import { cancelGatewayPayment } from "@/lib/domain/gateway/cancel";
import { gatewayCollectData, recordCollectedData } from "@/lib/domain/gateway/collect-data";
import { confirmGatewayOption } from "@/lib/domain/gateway/confirm";
import { confirmInOneWrite } from "@/lib/domain/gateway/confirm-in-one-write";
import { findGatewayPayment } from "@/lib/domain/gateway/find-payment";
import {
  createGatewayOptions,
  findGatewayOption,
  optionActions,
  retireQuotes,
} from "@/lib/domain/gateway/options";
import { gatewayPayment, gatewayStatus } from "@/lib/domain/gateway/serialize";
import type { Payment } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { waitForChange } from "@/lib/domain/payments/wait-for-change";
import { callerKey, type ApiContext } from "@/lib/platform/api/context";
import {
  ConfirmBodySchema,
  FetchBodySchema,
  FetchResponseSchema,
  GatewayCancelResponseSchema,
  GatewayPaymentSchema,
  GatewayPaymentParamsSchema,
  GatewayStatusSchema,
  GetOptionsBodySchema,
  GetOptionsQuerySchema,
  GetOptionsResponseSchema,
  PollQuerySchema,
} from "@/lib/domain/schemas/gateway";
import type { z } from "zod";
import { defineOperation } from "../operation";

// The wallet side: what a wallet calls to pay a payment, as WalletConnect Pay's Gateway. A wallet
// authenticates with an Api-Key or a public App-Id + Client-Id of the payment's account and mode.
const tag = "Gateway";
const common = {
  tag,
  auth: "api_key_or_app",
  permission: "payments.read",
  params: GatewayPaymentParamsSchema,
  ownTransactions: true,
  errorVocabulary: "walletconnect",
} as const;
// Quoting, confirming and cancelling change the payment: an API key needs payments.write, as on
// /v1/payments/{id}/cancel. A public App-Id carries no permissions and keeps WalletConnect's wallet calls.
const changing = { ...common, permission: "payments.write" } as const;

/** The payment's status, after holding the request up to maxPollMs for it to change. */
async function statusAfterPoll(ctx: ApiContext, payment: Payment, maxPollMs: number, signal: AbortSignal) {
  return gatewayStatus(
    maxPollMs > 0 ? await waitForChange(payment, maxPollMs, signal, callerKey(ctx.caller)) : payment,
  );
}

export const gatewayGetPaymentOp = defineOperation({
  ...common,
  id: "gatewayGetPayment",
  summary: "Get a payment to pay: amount, merchant, deadline",
  method: "GET",
  path: "/v1/gateway/payment/{paymentId}",
  status: 200,
  response: GatewayPaymentSchema,
  errors: ["payment_not_found"],
  handler: async ({ ctx, params }) => gatewayPayment(await findGatewayPayment(ctx, params.paymentId)),
});

export const gatewayOptionsOp = defineOperation({
  ...changing,
  id: "gatewayGetPaymentOptions",
  summary: "Get the ways a wallet's accounts can pay, each a quote with its actions",
  method: "POST",
  path: "/v1/gateway/payment/{paymentId}/options",
  query: GetOptionsQuerySchema,
  body: GetOptionsBodySchema,
  status: 200,
  response: GetOptionsResponseSchema,
  errors: ["payment_not_found", "invalid_params", "invalid_state", "payment_expired"],
  handler: async ({ ctx, params, query, body }) => {
    const payment = await findGatewayPayment(ctx, params.paymentId);
    await retireQuotes(payment, body.refresh ?? []);
    const options = await createGatewayOptions(payment, body.accounts);
    const collectData = await gatewayCollectData(payment);
    return {
      options: options.map((o) => ({ ...o, collectData })),
      info: query.includePaymentInfo === "true" ? await gatewayPayment(payment) : null,
      collectData,
    };
  },
});

export const gatewayFetchOp = defineOperation({
  ...common,
  id: "fetch_handler",
  summary: "Get an option's actions again",
  method: "POST",
  path: "/v1/gateway/payment/{paymentId}/fetch",
  body: FetchBodySchema,
  status: 200,
  response: FetchResponseSchema,
  errors: ["payment_not_found", "invalid_params"],
  handler: async ({ ctx, params, body }) => {
    const payment = await findGatewayPayment(ctx, params.paymentId);
    const option = await findGatewayOption(payment.id, body.optionId);
    if (!option)
      throw new AppError("invalid_params", "That optionId is not one of this payment's options.", {
        fields: { optionId: "Unknown option." },
      });
    return { actions: await optionActions(option) };
  },
});

export const gatewayConfirmOp = defineOperation({
  ...changing,
  id: "confirm_payment_handler",
  summary: "Confirm an option with the wallet's signature or transaction hash",
  method: "POST",
  path: "/v1/gateway/payment/{paymentId}/confirm",
  query: PollQuerySchema,
  body: ConfirmBodySchema,
  status: 200,
  response: GatewayStatusSchema,
  errors: ["payment_not_found", "invalid_params", "invalid_state", "quote_expired", "payment_expired"],
  handler: async ({ ctx, params, query, body, signal }) => {
    const payment =
      (await confirmInOneWrite(ctx, params.paymentId, body, ctx.actor)) ??
      (await confirmAfterReading(ctx, params.paymentId, body));
    return statusAfterPoll(ctx, payment, query.maxPollMs, signal);
  },
});

/** The confirm the ordinary way: every case, each read on its own (confirmInOneWrite serves the common one). */
async function confirmAfterReading(
  ctx: ApiContext,
  paymentId: string,
  body: z.infer<typeof ConfirmBodySchema>,
) {
  const found = await findGatewayPayment(ctx, paymentId);
  await recordCollectedData(found, body.collectedData);
  return confirmGatewayOption(found, body.optionId, body.results, ctx.actor);
}

export const gatewayStatusOp = defineOperation({
  ...common,
  id: "gatewayGetPaymentStatus",
  summary: "Get a payment's status; poll until isFinal",
  method: "GET",
  path: "/v1/gateway/payment/{paymentId}/status",
  query: PollQuerySchema,
  status: 200,
  response: GatewayStatusSchema,
  errors: ["payment_not_found"],
  handler: async ({ ctx, params, query, signal }) => {
    return statusAfterPoll(ctx, await findGatewayPayment(ctx, params.paymentId), query.maxPollMs, signal);
  },
});

export const gatewayCancelOp = defineOperation({
  ...changing,
  id: "gatewayCancelPayment",
  summary: "The buyer cancels an unpaid payment",
  method: "POST",
  path: "/v1/gateway/payment/{paymentId}/cancel",
  status: 200,
  response: GatewayCancelResponseSchema,
  errors: ["payment_not_found", "invalid_state", "payment_expired"],
  handler: async ({ ctx, params }) =>
    cancelGatewayPayment(await findGatewayPayment(ctx, params.paymentId), ctx.actor),
});

export const gatewayOperations = [
  gatewayGetPaymentOp,
  gatewayOptionsOp,
  gatewayFetchOp,
  gatewayConfirmOp,
  gatewayStatusOp,
  gatewayCancelOp,
];
