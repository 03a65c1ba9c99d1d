import { DeletedSchema } from "@/lib/core/schemas/common";
import {
  CryptoSettlementEnvelopeSchema,
  CryptoSettlementParamsSchema,
  CryptoSettlementsEnvelopeSchema,
  RegisterCryptoSettlementsBodySchema,
  SettlementsListSchema,
  SettlementsParamsSchema,
  UpdateCryptoSettlementBodySchema,
} from "@/lib/domain/schemas/settlement";
import { deleteCryptoSettlement } from "@/lib/domain/settlements/delete-crypto-settlement";
import { listSettlements } from "@/lib/domain/settlements/list-settlements";
import { registerCryptoSettlements } from "@/lib/domain/settlements/register-crypto-settlements";
import { serializeCryptoSettlement } from "@/lib/domain/settlements/serialize";
import { updateCryptoSettlement } from "@/lib/domain/settlements/update-crypto-settlement";
import { defineOperation } from "@/lib/platform/api/operation";

export const listSettlementsOp = defineOperation({
  id: "Settlements_list",
  summary: "List a merchant's fiat and crypto settlement destinations",
  tag: "Settlements",
  method: "GET",
  path: "/v1/merchants/{merchantId}/settlements",
  permission: "settlements.read",
  params: SettlementsParamsSchema,
  status: 200,
  response: SettlementsListSchema,
  errors: ["not_found"],
  handler: ({ ctx, params }) => listSettlements(ctx.tx, ctx.scope, params.merchantId),
});

export const registerCryptoSettlementsOp = defineOperation({
  id: "CryptoSettlements_create",
  summary: "Register crypto settlement destinations (1-50, all or none)",
  tag: "Crypto Settlement",
  method: "POST",
  path: "/v1/merchants/{merchantId}/settlements/crypto",
  permission: "settlements.write",
  idempotency: "required",
  params: SettlementsParamsSchema,
  body: RegisterCryptoSettlementsBodySchema,
  status: 201,
  response: CryptoSettlementsEnvelopeSchema,
  errors: ["not_found", "settlement_asset_conflict", "unsafe_destination"],
  handler: async ({ ctx, params, body }) => {
    const { rows, warnings } = await registerCryptoSettlements(ctx, params.merchantId, body, {
      confirmWarnings: true,
    });
    const crypto = rows.map(serializeCryptoSettlement);
    return { crypto, settlements: crypto, ...(warnings.length ? { warnings } : {}) };
  },
});

export const updateCryptoSettlementOp = defineOperation({
  id: "CryptoSettlements_update",
  summary: "Change the destination wallet of a crypto settlement",
  tag: "Crypto Settlement",
  method: "PUT",
  path: "/v1/merchants/{merchantId}/settlements/crypto/{id}",
  permission: "settlements.write",
  idempotency: "required",
  params: CryptoSettlementParamsSchema,
  body: UpdateCryptoSettlementBodySchema,
  status: 200,
  response: CryptoSettlementEnvelopeSchema,
  errors: ["not_found", "unsafe_destination"],
  handler: async ({ ctx, params, body }) => {
    const crypto = serializeCryptoSettlement(
      await updateCryptoSettlement(ctx, params.merchantId, params.id, body),
    );
    return { ...crypto, crypto };
  },
});

export const deleteCryptoSettlementOp = defineOperation({
  id: "CryptoSettlements_delete",
  summary: "Remove a crypto settlement destination",
  tag: "Crypto Settlement",
  method: "DELETE",
  path: "/v1/merchants/{merchantId}/settlements/crypto/{id}",
  permission: "settlements.write",
  idempotency: "required",
  params: CryptoSettlementParamsSchema,
  status: 200,
  response: DeletedSchema,
  errors: ["not_found"],
  handler: ({ ctx, params }) => deleteCryptoSettlement(ctx, params.merchantId, params.id),
});
