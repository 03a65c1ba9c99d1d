import { z } from "zod";
import { apiPermissions } from "@/lib/domain/permissions/api-key-permissions";
import { ReturnOriginsSchema } from "@/lib/core/schemas/common";
import { idSchema } from "@/lib/core/schemas/ids";

const NameSchema = z
  .string()
  .trim()
  .min(1, "Give it a name, e.g. where it is used.")
  .max(100, "Use at most 100 characters.");

export const ApiKeyPermissionsSchema = z
  .array(z.enum(apiPermissions), { error: "Choose what the key may do." })
  .min(1, "Give the key access to at least one resource.")
  // Writing a resource includes reading it.
  .transform((list) =>
    apiPermissions.filter(
      (p) =>
        list.includes(p) ||
        (p.endsWith(".read") && list.includes(p.replace(".read", ".write") as (typeof list)[number])),
    ),
  );

export const CreateApiKeyInputSchema = z.object({ name: NameSchema, permissions: ApiKeyPermissionsSchema });
export type CreateApiKeyInput = z.infer<typeof CreateApiKeyInputSchema>;

export const RevokeApiKeyInputSchema = z.object({ id: idSchema("apiKey") });

// Public App-Ids (for wallet apps reading payment status) live beside API keys on the Developers page.
export const CreatePublicAppInputSchema = z.object({
  name: NameSchema,
  allowedReturnOrigins: ReturnOriginsSchema.default([]),
});
export type CreatePublicAppInput = z.output<typeof CreatePublicAppInputSchema>;

export const RevokePublicAppInputSchema = z.object({ id: idSchema("publicApp") });
