"use server";

import { headers } from "next/headers";
import { createAccountWithOwner } from "@/lib/accounts/create-account";
import { publicAction } from "@/lib/actions/action";
import { clientAddress } from "@/lib/auth/client-address";
import { limitSignUps } from "@/lib/auth/sign-up-rate-limit";
import { db } from "@/lib/db";
import { SignUpInput } from "@/lib/schemas/auth";

export const signUpAction = publicAction(SignUpInput, async (input) => {
  await limitSignUps(clientAddress(Object.fromEntries((await headers()).entries())));
  await db().$transaction((tx) => createAccountWithOwner(tx, { accountName: input.accountName, ownerEmail: input.email, ownerName: input.name, password: input.password }));
  return { email: input.email };
});
