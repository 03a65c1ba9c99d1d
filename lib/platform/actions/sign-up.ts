"use server";

import { headers } from "next/headers";
import { publicAction } from "@/lib/platform/actions/action";
import { clientAddress } from "@/lib/domain/auth/client-address";
import { signUp } from "@/lib/domain/auth/sign-up";
import { limitSignUps } from "@/lib/domain/auth/sign-up-rate-limit";
import { db } from "@/lib/core/db";
import { SignUpInputSchema } from "@/lib/domain/schemas/auth";

export const signUpAction = publicAction(SignUpInputSchema, async (input) => {
  await limitSignUps(clientAddress(Object.fromEntries((await headers()).entries())));
  return db().$transaction((tx) => signUp(tx, input));
});
