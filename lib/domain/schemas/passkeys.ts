import type { AuthenticationExtensionsClientOutputs } from "@simplewebauthn/server";
import { z } from "zod";
import { idSchema } from "@/lib/core/schemas/ids";

// What @simplewebauthn/browser hands back, bounded at the edge; the library verifies the contents.
const B64urlSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]*$/, "Not base64url.")
  .max(16_384);
// Transports are hints for the next ceremony; browsers add new names over time.
const TransportsSchema = z.array(z.string().max(32)).max(8);
const Common = {
  id: B64urlSchema.min(1).max(1_366),
  rawId: B64urlSchema.min(1).max(1_366),
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  // Extension outputs are not used; kept as sent for the library.
  clientExtensionResults: z.custom<AuthenticationExtensionsClientOutputs>(
    (value) =>
      typeof value === "object" &&
      value !== null &&
      !Array.isArray(value) &&
      JSON.stringify(value).length <= 4_096,
    "Not an object.",
  ),
};

export const PasskeyAttestationSchema = z.object({
  ...Common,
  response: z.object({
    clientDataJSON: B64urlSchema,
    attestationObject: B64urlSchema,
    authenticatorData: B64urlSchema.optional(),
    transports: TransportsSchema.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: B64urlSchema.optional(),
  }),
});

export const PasskeyAssertionSchema = z.object({
  ...Common,
  response: z.object({
    clientDataJSON: B64urlSchema,
    authenticatorData: B64urlSchema,
    signature: B64urlSchema,
    userHandle: B64urlSchema.optional(),
  }),
});
export type PasskeyAssertion = z.infer<typeof PasskeyAssertionSchema>;

export const PasskeyNameSchema = z
  .string()
  .trim()
  .min(1, "Name this passkey, e.g. the device it is on.")
  .max(60, "Use at most 60 characters.");

export const AddPasskeyInputSchema = z.object({ name: PasskeyNameSchema });

export const FinishPasskeyInputSchema = z.object({
  name: PasskeyNameSchema,
  response: PasskeyAttestationSchema,
});

export const RemovePasskeyInputSchema = z.object({ passkeyId: idSchema("passkey") });

/** The sign-in form's passkey step: the password again, so that only a right password learns which passkeys a login has. */
export const PasskeySignInOptionsInputSchema = z.object({
  email: z.string().max(254),
  password: z.string().min(1).max(1024),
});

/** An assertion carried as JSON text through next-auth's credentials form. */
export const PasskeyAssertionTextSchema = z
  .string()
  .max(32_768)
  .transform((text, ctx) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: "custom", message: "Not JSON." });
      return z.NEVER;
    }
    const parsed = PasskeyAssertionSchema.safeParse(value);
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", message: "Not a passkey assertion." });
      return z.NEVER;
    }
    return parsed.data;
  });
