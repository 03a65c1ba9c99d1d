"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { authorizedAction, type ActionContext } from "@/lib/platform/actions/action";
import { deleteMerchant } from "@/lib/domain/merchants/delete-merchant";
import { updateMerchant } from "@/lib/domain/merchants/update-merchant";
import { CreateMerchantBodySchema, MerchantIdParamsSchema } from "@/lib/domain/schemas/merchant";
import {
  ChangeCryptoDestinationBodySchema,
  CreateFiatSettlementBodySchema,
  CryptoSettlementRefInputSchema,
  FiatSettlementRefInputSchema,
  RegisterCryptoSettlementsBodySchema,
} from "@/lib/domain/schemas/settlement";
import { createFiatSettlement } from "@/lib/domain/settlements/create-fiat-settlement";
import { deleteCryptoSettlement } from "@/lib/domain/settlements/delete-crypto-settlement";
import { deleteFiatSettlement } from "@/lib/domain/settlements/delete-fiat-settlement";
import { registerCryptoSettlements } from "@/lib/domain/settlements/register-crypto-settlements";
import { updateCryptoSettlement } from "@/lib/domain/settlements/update-crypto-settlement";
import { createMerchant } from "@/lib/domain/merchants/create-merchant";

function revalidateMerchant(ctx: ActionContext, merchantId: string) {
  revalidatePath(`/${ctx.scope.mode}/merchants/${merchantId}`);
  revalidatePath(`/${ctx.scope.mode}/merchants`);
}

// The edit form always sends every field, so an empty icon, colour or contact means "remove it".
export const updateMerchantAction = authorizedAction(
  "merchants.write",
  CreateMerchantBodySchema.extend(MerchantIdParamsSchema.shape),
  { writes: true },
  async (ctx, { merchantId, ...input }) => {
    await updateMerchant(ctx, merchantId, {
      ...input,
      iconUrl: input.iconUrl ?? null,
      accentColor: input.accentColor ?? null,
      supportContact: input.supportContact ?? null,
    });
    revalidateMerchant(ctx, merchantId);
    return { id: merchantId };
  },
);

export const deleteMerchantAction = authorizedAction(
  "merchants.write",
  MerchantIdParamsSchema,
  { writes: true },
  async (ctx, { merchantId }) => {
    const result = await deleteMerchant(ctx, merchantId);
    revalidateMerchant(ctx, merchantId);
    return result;
  },
);

const ConfirmWarningsSchema = z.object({ confirmWarnings: z.boolean().optional() });

export const registerCryptoSettlementsAction = authorizedAction(
  "settlements.write",
  RegisterCryptoSettlementsBodySchema.extend(MerchantIdParamsSchema.shape).extend(
    ConfirmWarningsSchema.shape,
  ),
  { writes: true },
  async (ctx, { merchantId, confirmWarnings, ...input }) => {
    const { rows } = await registerCryptoSettlements(ctx, merchantId, input, {
      confirmWarnings: confirmWarnings ?? false,
    });
    revalidateMerchant(ctx, merchantId);
    return { ids: rows.map((r) => r.id) };
  },
);

export const changeCryptoDestinationAction = authorizedAction(
  "settlements.write",
  ChangeCryptoDestinationBodySchema.extend(CryptoSettlementRefInputSchema.shape),
  { writes: true },
  async (ctx, { merchantId, settlementId, destination }) => {
    const updated = await updateCryptoSettlement(ctx, merchantId, settlementId, {
      destination,
    });
    revalidateMerchant(ctx, merchantId);
    return { id: updated.id, destination: updated.destination };
  },
);

export const deleteCryptoSettlementAction = authorizedAction(
  "settlements.write",
  CryptoSettlementRefInputSchema,
  { writes: true },
  async (ctx, { merchantId, settlementId }) => {
    const result = await deleteCryptoSettlement(ctx, merchantId, settlementId);
    revalidateMerchant(ctx, merchantId);
    return result;
  },
);

export const createFiatSettlementAction = authorizedAction(
  "settlements.write",
  CreateFiatSettlementBodySchema.extend(MerchantIdParamsSchema.shape),
  { writes: true },
  async (ctx, { merchantId, ...input }) => {
    const row = await createFiatSettlement(ctx, merchantId, input);
    revalidateMerchant(ctx, merchantId);
    return { id: row.id, accountNumberLast4: row.accountNumberLast4 };
  },
);

export const deleteFiatSettlementAction = authorizedAction(
  "settlements.write",
  FiatSettlementRefInputSchema,
  { writes: true },
  async (ctx, { merchantId, settlementId }) => {
    const result = await deleteFiatSettlement(ctx, merchantId, settlementId);
    revalidateMerchant(ctx, merchantId);
    return result;
  },
);

export const createMerchantAction = authorizedAction(
  "merchants.write",
  CreateMerchantBodySchema,
  { writes: true },
  async (ctx, input) => {
    const merchant = await createMerchant(ctx, input);
    revalidatePath(`/${ctx.scope.mode}/merchants`);
    return { id: merchant.id };
  },
);
