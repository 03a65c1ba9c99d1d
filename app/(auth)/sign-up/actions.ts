"use server";

import { headers } from "next/headers";
import { publicAction } from "@/lib/actions/action";
import { clientAddress } from "@/lib/auth/client-address";
import { signUp } from "@/lib/auth/sign-up";
import { limitSignUps } from "@/lib/auth/sign-up-rate-limit";
import { db } from "@/lib/db";
import { SignUpInputSchema } from "@/lib/schemas/auth";

export const signUpAction = publicAction(SignUpInputSchema, async (input) => {
  await limitSignUps(clientAddress(Object.fromEntries((await headers()).entries())));
  return db().$transaction((tx) => signUp(tx, input));
});
