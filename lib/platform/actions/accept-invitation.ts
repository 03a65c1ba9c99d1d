"use server";

import { publicAction } from "@/lib/platform/actions/action";
import { limitJoinRequests } from "@/lib/domain/auth/email-rate-limits";
import { db } from "@/lib/core/db";
import { hashPassword } from "@/lib/domain/accounts/passwords";
import { AcceptInvitationInputSchema } from "@/lib/domain/schemas/auth";
import { requestToJoin } from "@/lib/domain/team/request-to-join";

export const acceptInvitationAction = publicAction(AcceptInvitationInputSchema, async (input) => {
  await limitJoinRequests(input.token);
  const passwordHash = await hashPassword(input.password);
  return db().$transaction((tx) => requestToJoin(tx, input, passwordHash));
});
