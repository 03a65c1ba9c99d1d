"use server";

import { revalidatePath } from "next/cache";
import { authorizedAction, type ActionContext } from "@/lib/platform/actions/action";
import { db } from "@/lib/core/db";
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
  async (ctx, input) => {
    const invitation = await db().$transaction((tx) => inviteMember(tx, teamActor(ctx), input));
    refresh(ctx);
    return invitation;
  },
);

export const changeMemberRoleAction = authorizedAction(
  "team.manage",
  ChangeMemberRoleInputSchema,
  async (ctx, input) => {
    await db().$transaction((tx) => changeMemberRole(tx, teamActor(ctx), input.membershipId, input.role));
    refresh(ctx);
    return { role: input.role };
  },
);

export const removeMemberAction = authorizedAction(
  "team.manage",
  RemoveMemberInputSchema,
  async (ctx, input) => {
    await db().$transaction((tx) => removeMember(tx, teamActor(ctx), input.membershipId));
    refresh(ctx);
    return { removed: true };
  },
);

export const revokeInvitationAction = authorizedAction(
  "team.manage",
  RevokeInvitationInputSchema,
  async (ctx, input) => {
    await db().$transaction((tx) => revokeInvitation(tx, teamActor(ctx), input.invitationId));
    refresh(ctx);
    return { revoked: true };
  },
);
