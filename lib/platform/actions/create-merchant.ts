"use server";

import { revalidatePath } from "next/cache";
import { authorizedAction } from "@/lib/platform/actions/action";
import { db } from "@/lib/core/db";
import { createMerchant } from "@/lib/domain/merchants/create-merchant";
import { CreateMerchantBodySchema } from "@/lib/domain/schemas/merchant";

export const createMerchantAction = authorizedAction(
  "merchants.write",
  CreateMerchantBodySchema,
  async (ctx, input) => {
    const merchant = await db().$transaction((tx) => createMerchant(tx, ctx.scope, ctx.actor, input));
    revalidatePath(`/${ctx.scope.mode}/merchants`);
    return { id: merchant.id };
  },
);
