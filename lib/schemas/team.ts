import { z } from "zod";
import { roles } from "@/lib/auth/permissions";
import { Email } from "./auth";

const RoleInput = z.enum(roles, "Choose a role.");
const RowId = z.string().min(1).max(64);

export const InviteMemberInput = z.object({ email: Email, role: RoleInput });
export type InviteMemberInput = z.infer<typeof InviteMemberInput>;

export const ChangeMemberRoleInput = z.object({ membershipId: RowId, role: RoleInput });
export type ChangeMemberRoleInput = z.infer<typeof ChangeMemberRoleInput>;

export const RemoveMemberInput = z.object({ membershipId: RowId });

export const RevokeInvitationInput = z.object({ invitationId: RowId });
