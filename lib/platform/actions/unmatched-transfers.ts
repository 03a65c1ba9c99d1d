"use server";

import { revalidatePath } from "next/cache";
import { authorizedAction } from "@/lib/platform/actions/action";
import {
  AttachUnmatchedTransferInputSchema,
  DismissUnmatchedTransferInputSchema,
} from "@/lib/domain/schemas/unmatched-transfer";
import { attachUnmatchedTransfer } from "@/lib/domain/unmatched-transfers/attach-unmatched-transfer";
import { dismissUnmatchedTransfer } from "@/lib/domain/unmatched-transfers/dismiss-unmatched-transfer";

export const attachUnmatchedTransferAction = authorizedAction(
  "payments.verify",
  AttachUnmatchedTransferInputSchema,
  async (ctx, input) => {
    const payment = await attachUnmatchedTransfer(ctx, input);
    revalidatePath(`/${ctx.scope.mode}/payments/unmatched`);
    revalidatePath(`/${ctx.scope.mode}/payments/${payment.id}`);
    return { paymentId: payment.id, status: payment.status };
  },
);

export const dismissUnmatchedTransferAction = authorizedAction(
  "payments.verify",
  DismissUnmatchedTransferInputSchema,
  { writes: true },
  async (ctx, input) => {
    await dismissUnmatchedTransfer(ctx, input);
    revalidatePath(`/${ctx.scope.mode}/payments/unmatched`);
    return { dismissed: true };
  },
);
