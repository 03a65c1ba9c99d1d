import { createMerchant } from "@/lib/domain/merchants/create-merchant";
import { deleteMerchant } from "@/lib/domain/merchants/delete-merchant";
import { getMerchant } from "@/lib/domain/merchants/get-merchant";
import { listMerchants } from "@/lib/domain/merchants/list-merchants";
import { serializeMerchant } from "@/lib/domain/merchants/serialize";
import { updateMerchant } from "@/lib/domain/merchants/update-merchant";
import { PageQuerySchema } from "@/lib/core/db/pagination";
import { listSettlements } from "@/lib/domain/settlements/list-settlements";
import { DeletedSchema } from "@/lib/core/schemas/common";
import {
  CreateMerchantBodySchema,
  MerchantEnvelopeSchema,
  MerchantIdParamsSchema,
  MerchantsPageSchema,
  UpdateMerchantBodySchema,
} from "@/lib/domain/schemas/merchant";
import { MerchantWithSettlementsEnvelopeSchema } from "@/lib/domain/schemas/settlement";
import { defineOperation } from "@/lib/platform/api/operation";

const tag = "Merchant Management";

export const listMerchantsOp = defineOperation({
  id: "Merchants_list",
  summary: "List merchants, newest first",
  tag,
  method: "GET",
  path: "/v1/merchants",
  permission: "merchants.read",
  query: PageQuerySchema,
  status: 200,
  response: MerchantsPageSchema,
  handler: ({ ctx, query }) => listMerchants(ctx.tx, ctx.scope, query),
});

export const createMerchantOp = defineOperation({
  id: "Merchants_create",
  summary: "Create a merchant",
  tag,
  method: "POST",
  path: "/v1/merchants",
  permission: "merchants.write",
  idempotency: "required",
  body: CreateMerchantBodySchema,
  status: 201,
  response: MerchantEnvelopeSchema,
  handler: async ({ ctx, body }) => ({
    merchant: serializeMerchant(await createMerchant(ctx, body)),
  }),
});

export const getMerchantOp = defineOperation({
  id: "Merchants_get",
  summary: "Retrieve a merchant",
  tag,
  method: "GET",
  path: "/v1/merchants/{merchantId}",
  permission: "merchants.read",
  params: MerchantIdParamsSchema,
  status: 200,
  response: MerchantWithSettlementsEnvelopeSchema,
  errors: ["not_found"],
  handler: async ({ ctx, params }) => {
    const merchant = serializeMerchant(await getMerchant(ctx.tx, ctx.scope, params.merchantId));
    return {
      merchant: { ...merchant, settlements: await listSettlements(ctx.tx, ctx.scope, params.merchantId) },
    };
  },
});

export const updateMerchantOp = defineOperation({
  id: "Merchants_update",
  summary:
    "Update a merchant's name, email, branding (icon, accent colour, support contact) or payment rules",
  tag,
  method: "PATCH",
  path: "/v1/merchants/{merchantId}",
  permission: "merchants.write",
  idempotency: "required",
  params: MerchantIdParamsSchema,
  body: UpdateMerchantBodySchema,
  status: 200,
  response: MerchantEnvelopeSchema,
  errors: ["not_found"],
  handler: async ({ ctx, params, body }) => ({
    merchant: serializeMerchant(await updateMerchant(ctx, params.merchantId, body)),
  }),
});

export const deleteMerchantOp = defineOperation({
  id: "Merchants_delete",
  summary: "Delete a merchant (its payments are kept)",
  tag,
  method: "DELETE",
  path: "/v1/merchants/{merchantId}",
  permission: "merchants.write",
  idempotency: "required",
  params: MerchantIdParamsSchema,
  status: 200,
  response: DeletedSchema,
  errors: ["not_found"],
  handler: ({ ctx, params }) => deleteMerchant(ctx, params.merchantId),
});
