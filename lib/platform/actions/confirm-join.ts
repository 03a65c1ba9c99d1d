"use server";

import { publicAction } from "@/lib/platform/actions/action";
import { limitTokenAttempts } from "@/lib/domain/auth/email-rate-limits";
import { requestAddress } from "@/lib/domain/auth/request-address";
import { db } from "@/lib/core/db";
import { ConfirmJoinInputSchema } from "@/lib/domain/schemas/auth";
import { confirmJoin, openJoinRequest } from "@/lib/domain/team/confirm-join";

export const confirmJoinAction = publicAction(ConfirmJoinInputSchema, async (input) => {
  return limitTokenAttempts(await requestAddress(), async () => {
    const request = await openJoinRequest(input.token, input.password);
    return db().$transaction((tx) => confirmJoin(tx, request));
  });
});
