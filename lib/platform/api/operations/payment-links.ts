import { createPaymentLink } from "@/lib/domain/payment-links/create-payment-link";
import { deactivatePaymentLink } from "@/lib/domain/payment-links/deactivate-payment-link";
import { getPaymentLink } from "@/lib/domain/payment-links/get-payment-link";
import { listPaymentLinks } from "@/lib/domain/payment-links/list-payment-links";
import { serializePaymentLink } from "@/lib/domain/payment-links/serialize";
import { PageQuerySchema } from "@/lib/core/db/pagination";
import { page } from "@/lib/core/schemas/common";
import {
  CreatePaymentLinkBodySchema,
  PaymentLinkSchema,
  PaymentLinkIdParamsSchema,
} from "@/lib/domain/schemas/payment-link";
import { defineOperation } from "@/lib/platform/api/operation";

const tag = "Payment Links";

export const createPaymentLinkOp = defineOperation({
  id: "PaymentLinks_create",
  summary: "Create a reusable payment link for the Merchant-Id merchant",
  tag,
  method: "POST",
  path: "/v1/payment-links",
  permission: "payments.write",
  idempotency: "optional",
  merchantHeader: true,
  body: CreatePaymentLinkBodySchema,
  status: 201,
  response: PaymentLinkSchema,
  errors: ["merchant_not_found"],
  handler: async ({ ctx, body, merchantId }) =>
    serializePaymentLink(await createPaymentLink(ctx, merchantId, body)),
});

export const listPaymentLinksOp = defineOperation({
  id: "PaymentLinks_list",
  summary: "List payment links, newest first",
  tag,
  method: "GET",
  path: "/v1/payment-links",
  permission: "payments.read",
  query: PageQuerySchema,
  status: 200,
  response: page(PaymentLinkSchema),
  handler: ({ ctx, query }) => listPaymentLinks(ctx.tx, ctx.scope, query),
});

export const getPaymentLinkOp = defineOperation({
  id: "PaymentLinks_get",
  summary: "Retrieve a payment link",
  tag,
  method: "GET",
  path: "/v1/payment-links/{linkId}",
  permission: "payments.read",
  params: PaymentLinkIdParamsSchema,
  status: 200,
  response: PaymentLinkSchema,
  errors: ["not_found"],
  handler: async ({ ctx, params }) =>
    serializePaymentLink(await getPaymentLink(ctx.tx, ctx.scope, params.linkId)),
});

export const deactivatePaymentLinkOp = defineOperation({
  id: "PaymentLinks_deactivate",
  summary: "Deactivate a payment link: its page mints no more payments",
  tag,
  method: "POST",
  path: "/v1/payment-links/{linkId}/deactivate",
  permission: "payments.write",
  idempotency: "optional",
  params: PaymentLinkIdParamsSchema,
  status: 200,
  response: PaymentLinkSchema,
  errors: ["not_found"],
  handler: async ({ ctx, params }) => serializePaymentLink(await deactivatePaymentLink(ctx, params.linkId)),
});
