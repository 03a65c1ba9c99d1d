import { z } from "zod";
import { roles } from "@/lib/domain/permissions/permissions";
import { EmailSchema } from "./auth";
import { idSchema } from "@/lib/core/schemas/ids";

const RoleInputSchema = z.enum(roles, "Choose a role.");

export const InviteMemberInputSchema = z.object({ email: EmailSchema, role: RoleInputSchema });
export type InviteMemberInput = z.infer<typeof InviteMemberInputSchema>;

export const ChangeMemberRoleInputSchema = z.object({
  membershipId: idSchema("membership"),
  role: RoleInputSchema,
});
export type ChangeMemberRoleInput = z.infer<typeof ChangeMemberRoleInputSchema>;

export const RemoveMemberInputSchema = z.object({ membershipId: idSchema("membership") });

export const RevokeInvitationInputSchema = z.object({ invitationId: idSchema("invitation") });
