"use server";

import { publicAction } from "@/lib/actions/action";
import { limitTokenAttempts } from "@/lib/auth/email-rate-limits";
import { requestAddress } from "@/lib/auth/request-address";
import { db } from "@/lib/db";
import { ConfirmJoinInputSchema } from "@/lib/schemas/auth";
import { confirmJoin, openJoinRequest } from "@/lib/team/confirm-join";

export const confirmJoinAction = publicAction(ConfirmJoinInputSchema, async (input) => {
  return limitTokenAttempts(await requestAddress(), async () => {
    const request = await openJoinRequest(input.token, input.password);
    return db().$transaction((tx) => confirmJoin(tx, request));
  });
});
