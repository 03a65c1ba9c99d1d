"use server";

import { revalidatePath } from "next/cache";
import { authorizedAction } from "@/lib/platform/actions/action";
import { db } from "@/lib/core/db";
import { createPayment } from "@/lib/domain/payments/create-payment";
import { gatewayUrl } from "@/lib/domain/payments/serialize";
import { NewPaymentFormSchema, paymentFromForm } from "@/lib/domain/schemas/payment";

export const createPaymentAction = authorizedAction(
  "payments.create",
  NewPaymentFormSchema,
  async (ctx, input) => {
    const { payment } = await db().$transaction((tx) =>
      createPayment(tx, ctx.scope, ctx.actor, input.merchantId, paymentFromForm(input)),
    );
    revalidatePath(`/${ctx.scope.mode}/payments`);
    return { id: payment.id, url: gatewayUrl(payment.id) };
  },
);
