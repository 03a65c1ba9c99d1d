"use server";

import { publicAction } from "@/lib/platform/actions/action";
import { beginPasskeySignIn } from "@/lib/domain/auth/passkeys/begin-passkey-sign-in";
import { requestAddress } from "@/lib/domain/auth/request-address";
import { PasskeySignInOptionsInputSchema } from "@/lib/domain/schemas/passkeys";

/** A passkey challenge for the second sign-in step; the password again is the ticket (see beginPasskeySignIn). */
export const passkeySignInOptionsAction = publicAction(PasskeySignInOptionsInputSchema, async (input) =>
  beginPasskeySignIn(input, await requestAddress()),
);
