import { createRefund } from "@/lib/domain/refunds/create-refund";
import { getRefund } from "@/lib/domain/refunds/get-refund";
import { listRefunds } from "@/lib/domain/refunds/list-refunds";
import { serializeRefund } from "@/lib/domain/refunds/serialize";
import { page } from "@/lib/core/schemas/common";
import {
  CreateRefundBodySchema,
  ListRefundsQuerySchema,
  RefundSchema,
  RefundIdParamsSchema,
} from "@/lib/domain/schemas/refund";
import { defineOperation } from "@/lib/platform/api/operation";

const tag = "Refunds";

export const createRefundOp = defineOperation({
  id: "Refunds_create",
  summary: "Refund a succeeded payment, in full or in part",
  tag,
  method: "POST",
  path: "/v1/refunds",
  permission: "refunds.write",
  idempotency: "optional",
  body: CreateRefundBodySchema,
  // 200, as WalletConnect Pay's refund answers (both versions Tollgate serves are theirs); the
  // refund object carries their `paymentId` with Tollgate's fields beside it.
  status: 200,
  response: RefundSchema,
  errors: ["not_found", "payment_not_succeeded", "already_refunded"],
  handler: async ({ ctx, body }) => serializeRefund(await createRefund(ctx, body)),
});

export const listRefundsOp = defineOperation({
  id: "Refunds_list",
  summary: "List refunds, newest first, optionally of one payment",
  tag,
  method: "GET",
  path: "/v1/refunds",
  permission: "refunds.read",
  query: ListRefundsQuerySchema,
  status: 200,
  response: page(RefundSchema),
  handler: ({ ctx, query }) => listRefunds(ctx.tx, ctx.scope, query),
});

export const getRefundOp = defineOperation({
  id: "Refunds_get",
  summary: "Retrieve a refund",
  tag,
  method: "GET",
  path: "/v1/refunds/{refundId}",
  permission: "refunds.read",
  params: RefundIdParamsSchema,
  status: 200,
  response: RefundSchema,
  errors: ["not_found"],
  handler: async ({ ctx, params }) => serializeRefund(await getRefund(ctx.tx, ctx.scope, params.refundId)),
});
