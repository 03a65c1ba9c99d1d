"use server";

import { z } from "zod";
import { authorizedAction } from "@/lib/platform/actions/action";
import {
  passkeyReauthenticationOptions,
  reauthenticate,
  reauthenticateWithPasskey,
} from "@/lib/domain/auth/fresh-auth";
import { requestAddress } from "@/lib/domain/auth/request-address";
import { ReauthenticateInputSchema } from "@/lib/domain/schemas/auth";
import { PasskeyAssertionSchema } from "@/lib/domain/schemas/passkeys";

// Proving it is still you concerns only your own login, which every role may do.
export const reauthenticateAction = authorizedAction(
  "account.read",
  ReauthenticateInputSchema,
  async (ctx, input) => {
    await reauthenticate(ctx.viewer, input, await requestAddress());
    return { reauthenticated: true };
  },
);

export const passkeyReauthenticationOptionsAction = authorizedAction(
  "account.read",
  z.object({ start: z.literal(true) }),
  (ctx) => passkeyReauthenticationOptions(ctx.viewer),
);

export const reauthenticateWithPasskeyAction = authorizedAction(
  "account.read",
  z.object({ response: PasskeyAssertionSchema }),
  async (ctx, input) => {
    await reauthenticateWithPasskey(ctx.viewer, input.response);
    return { reauthenticated: true };
  },
);
