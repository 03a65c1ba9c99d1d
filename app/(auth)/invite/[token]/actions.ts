"use server";

import { publicAction } from "@/lib/actions/action";
import { db } from "@/lib/db";
import { AcceptInvitationInput } from "@/lib/schemas/auth";
import { acceptInvitation } from "@/lib/team/accept-invitation";

export const acceptInvitationAction = publicAction(AcceptInvitationInput, (input) => db().$transaction((tx) => acceptInvitation(tx, input)));
