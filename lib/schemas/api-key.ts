import { z } from "zod";
import { apiPermissions } from "@/lib/api-keys/permissions";
import { ReturnOrigins } from "./common";

const Name = z.string().trim().min(1, "Give it a name, e.g. where it is used.").max(100, "Use at most 100 characters.");
const RowId = z.string().min(1).max(64);

export const ApiKeyPermissions = z
  .array(z.enum(apiPermissions), { error: "Choose what the key may do." })
  .min(1, "Give the key access to at least one resource.")
  // Writing a resource includes reading it.
  .transform((list) => apiPermissions.filter((p) => list.includes(p) || (p.endsWith(".read") && list.includes(p.replace(".read", ".write") as (typeof list)[number]))));

export const CreateApiKeyInput = z.object({ name: Name, permissions: ApiKeyPermissions });
export type CreateApiKeyInput = z.infer<typeof CreateApiKeyInput>;

export const RevokeApiKeyInput = z.object({ id: RowId });

// Public App-Ids (for wallet apps reading payment status) live beside API keys on the Developers page.
export const CreatePublicAppInput = z.object({ name: Name, allowedReturnOrigins: ReturnOrigins.default([]) });
export type CreatePublicAppInput = z.output<typeof CreatePublicAppInput>;

export const RevokePublicAppInput = z.object({ id: RowId });
