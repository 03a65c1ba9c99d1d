"use server";

import { revalidatePath } from "next/cache";
import { authorizedAction, publicAction, type ActionContext } from "@/lib/platform/actions/action";
import {
  ChangeMemberRoleInputSchema,
  InviteMemberInputSchema,
  RemoveMemberInputSchema,
  RevokeInvitationInputSchema,
} from "@/lib/domain/schemas/team";
import { changeMemberRole } from "@/lib/domain/team/change-member-role";
import { inviteMember } from "@/lib/domain/team/invite-member";
import { removeMember } from "@/lib/domain/team/remove-member";
import { revokeInvitation } from "@/lib/domain/team/revoke-invitation";
import type { TeamActor } from "@/lib/domain/team/team-actor";
import { db } from "@/lib/core/db";
import { hashPassword } from "@/lib/domain/accounts/passwords";
import { requestToJoin } from "@/lib/domain/team/request-to-join";
import { limitJoinRequests, limitTokenAttempts } from "@/lib/domain/auth/email-rate-limits";
import { requestAddress } from "@/lib/domain/auth/request-address";
import { AcceptInvitationInputSchema, ConfirmJoinInputSchema } from "@/lib/domain/schemas/auth";
import { confirmJoin, openJoinRequest } from "@/lib/domain/team/confirm-join";

const teamActor = (ctx: ActionContext): TeamActor => ({
  accountId: ctx.scope.accountId,
  userId: ctx.viewer.user.id,
  role: ctx.viewer.role,
});

// The team is account-wide, but the page lives under a mode; refresh the one the change came from.
const refresh = (ctx: ActionContext) => revalidatePath(`/${ctx.scope.mode}/team`);

export const inviteMemberAction = authorizedAction(
  "team.manage",
  InviteMemberInputSchema,
  { writes: true },
  async (ctx, input) => {
    const invitation = await inviteMember(ctx.tx, teamActor(ctx), input);
    refresh(ctx);
    return invitation;
  },
);

export const changeMemberRoleAction = authorizedAction(
  "team.manage",
  ChangeMemberRoleInputSchema,
  { writes: true },
  async (ctx, input) => {
    await changeMemberRole(ctx.tx, teamActor(ctx), input.membershipId, input.role);
    refresh(ctx);
    return { role: input.role };
  },
);

export const removeMemberAction = authorizedAction(
  "team.manage",
  RemoveMemberInputSchema,
  { writes: true },
  async (ctx, input) => {
    await removeMember(ctx.tx, teamActor(ctx), input.membershipId);
    refresh(ctx);
    return { removed: true };
  },
);

export const revokeInvitationAction = authorizedAction(
  "team.manage",
  RevokeInvitationInputSchema,
  { writes: true },
  async (ctx, input) => {
    await revokeInvitation(ctx.tx, teamActor(ctx), input.invitationId);
    refresh(ctx);
    return { revoked: true };
  },
);

export const acceptInvitationAction = publicAction(AcceptInvitationInputSchema, async (input) => {
  await limitJoinRequests(input.token);
  const passwordHash = await hashPassword(input.password);
  return db().$transaction((tx) => requestToJoin(tx, input, passwordHash));
});

export const confirmJoinAction = publicAction(ConfirmJoinInputSchema, async (input) => {
  return limitTokenAttempts(await requestAddress(), async () => {
    const request = await openJoinRequest(input.token, input.password);
    return db().$transaction((tx) => confirmJoin(tx, request));
  });
});
