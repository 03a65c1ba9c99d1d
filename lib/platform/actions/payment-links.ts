"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { authorizedAction } from "@/lib/platform/actions/action";
import { createPaymentLink } from "@/lib/domain/payment-links/create-payment-link";
import { deactivatePaymentLink } from "@/lib/domain/payment-links/deactivate-payment-link";
import { paymentLinkUrl } from "@/lib/domain/payment-links/serialize";
import {
  CreatePaymentLinkBodySchema,
  NewPaymentLinkFormSchema,
  paymentLinkFromForm,
  PaymentLinkIdParamsSchema,
} from "@/lib/domain/schemas/payment-link";
import { fieldErrors } from "@/lib/core/errors/validation";
import { AppError } from "@/lib/core/errors/errors";

export const createPaymentLinkAction = authorizedAction(
  "payments.create",
  NewPaymentLinkFormSchema,
  { writes: true },
  async (ctx, input) => {
    // The API's own schema checks what the form cannot (bounds in order, sizes); its errors are named for the form's fields.
    const body = CreatePaymentLinkBodySchema.safeParse(paymentLinkFromForm(input));
    if (!body.success)
      throw new AppError("params_validation", "Please correct the highlighted fields.", {
        fields: formFields(fieldErrors(body.error)),
      });
    const link = await createPaymentLink(ctx, input.merchantId, body.data);
    revalidatePath(`/${ctx.scope.mode}/payment-links`);
    return { id: link.id, url: paymentLinkUrl(link.id) };
  },
);

export const deactivatePaymentLinkAction = authorizedAction(
  "payments.create",
  z.object({ linkId: PaymentLinkIdParamsSchema.shape.linkId }),
  { writes: true },
  async (ctx, input) => {
    await deactivatePaymentLink(ctx, input.linkId);
    revalidatePath(`/${ctx.scope.mode}/payment-links`);
    return { id: input.linkId };
  },
);

const apiToForm: Record<string, string> = {
  amountValue: "amount",
  minValue: "minAmount",
  maxValue: "maxAmount",
  unit: "currency",
};
const formFields = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).map(([name, message]) => [apiToForm[name] ?? name, message]));
