"use server";

import { createAccountWithOwner } from "@/lib/accounts/create-account";
import { publicAction } from "@/lib/actions/action";
import { db } from "@/lib/db";
import { SignUpInput } from "@/lib/schemas/auth";

export const signUpAction = publicAction(SignUpInput, async (input) => {
  await db().$transaction((tx) => createAccountWithOwner(tx, { accountName: input.accountName, ownerEmail: input.email, ownerName: input.name, password: input.password }));
  return { email: input.email };
});
