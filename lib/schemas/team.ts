import { z } from "zod";
import { roles } from "@/lib/auth/permissions";
import { EmailSchema } from "./auth";

const RoleInputSchema = z.enum(roles, "Choose a role.");
const RowIdSchema = z.string().min(1).max(64);

export const InviteMemberInputSchema = z.object({ email: EmailSchema, role: RoleInputSchema });
export type InviteMemberInput = z.infer<typeof InviteMemberInputSchema>;

export const ChangeMemberRoleInputSchema = z.object({ membershipId: RowIdSchema, role: RoleInputSchema });
export type ChangeMemberRoleInput = z.infer<typeof ChangeMemberRoleInputSchema>;

export const RemoveMemberInputSchema = z.object({ membershipId: RowIdSchema });

export const RevokeInvitationInputSchema = z.object({ invitationId: RowIdSchema });
