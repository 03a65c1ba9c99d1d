import type { AuthenticationExtensionsClientOutputs } from "@simplewebauthn/server";
import { z } from "zod";

// What @simplewebauthn/browser hands back, bounded at the edge; the library verifies the contents.
const B64url = z.string().regex(/^[A-Za-z0-9_-]*$/, "Not base64url.").max(16_384);
// Transports are hints for the next ceremony; browsers add new names over time.
const Transports = z.array(z.string().max(32)).max(8);
const Common = {
  id: B64url.min(1).max(1_366),
  rawId: B64url.min(1).max(1_366),
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  // Extension outputs are not used; kept as sent for the library.
  clientExtensionResults: z.custom<AuthenticationExtensionsClientOutputs>((value) => typeof value === "object" && value !== null && !Array.isArray(value) && JSON.stringify(value).length <= 4_096, "Not an object."),
};

export const PasskeyAttestation = z.object({
  ...Common,
  response: z.object({
    clientDataJSON: B64url,
    attestationObject: B64url,
    authenticatorData: B64url.optional(),
    transports: Transports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: B64url.optional(),
  }),
});

export const PasskeyAssertion = z.object({
  ...Common,
  response: z.object({
    clientDataJSON: B64url,
    authenticatorData: B64url,
    signature: B64url,
    userHandle: B64url.optional(),
  }),
});
export type PasskeyAssertion = z.infer<typeof PasskeyAssertion>;

export const PasskeyName = z.string().trim().min(1, "Name this passkey, e.g. the device it is on.").max(60, "Use at most 60 characters.");

export const AddPasskeyInput = z.object({ name: PasskeyName });

export const FinishPasskeyInput = z.object({ name: PasskeyName, response: PasskeyAttestation });

export const RemovePasskeyInput = z.object({ passkeyId: z.string().min(1).max(64) });

/** The sign-in form's passkey step: the password again, so that only a right password learns which passkeys a login has. */
export const PasskeySignInOptionsInput = z.object({ email: z.string().max(254), password: z.string().min(1).max(1024) });

/** An assertion carried as JSON text through next-auth's credentials form. */
export const PasskeyAssertionText = z.string().max(32_768).transform((text, ctx) => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    ctx.addIssue({ code: "custom", message: "Not JSON." });
    return z.NEVER;
  }
  const parsed = PasskeyAssertion.safeParse(value);
  if (!parsed.success) {
    ctx.addIssue({ code: "custom", message: "Not a passkey assertion." });
    return z.NEVER;
  }
  return parsed.data;
});
