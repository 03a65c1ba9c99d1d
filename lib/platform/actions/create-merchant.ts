"use server";

import { revalidatePath } from "next/cache";
import { authorizedAction } from "@/lib/platform/actions/action";
import { createMerchant } from "@/lib/domain/merchants/create-merchant";
import { CreateMerchantBodySchema } from "@/lib/domain/schemas/merchant";

export const createMerchantAction = authorizedAction(
  "merchants.write",
  CreateMerchantBodySchema,
  { writes: true },
  async (ctx, input) => {
    const merchant = await createMerchant(ctx.tx, ctx.scope, ctx.actor, input);
    revalidatePath(`/${ctx.scope.mode}/merchants`);
    return { id: merchant.id };
  },
);
