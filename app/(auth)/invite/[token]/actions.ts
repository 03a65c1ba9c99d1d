"use server";

import { publicAction } from "@/lib/actions/action";
import { limitJoinRequests } from "@/lib/auth/email-rate-limits";
import { db } from "@/lib/db";
import { hashPassword } from "@/lib/auth/passwords";
import { AcceptInvitationInputSchema } from "@/lib/schemas/auth";
import { requestToJoin } from "@/lib/team/request-to-join";

export const acceptInvitationAction = publicAction(AcceptInvitationInputSchema, async (input) => {
  await limitJoinRequests(input.token);
  const passwordHash = await hashPassword(input.password);
  return db().$transaction((tx) => requestToJoin(tx, input, passwordHash));
});
