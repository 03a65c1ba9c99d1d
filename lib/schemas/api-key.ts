import { z } from "zod";

const Name = z.string().trim().min(1, "Give it a name, e.g. where it is used.").max(100, "Use at most 100 characters.");
const RowId = z.string().min(1).max(64);

export const CreateApiKeyInput = z.object({ name: Name });
export type CreateApiKeyInput = z.infer<typeof CreateApiKeyInput>;

export const RevokeApiKeyInput = z.object({ id: RowId });

// Public App-Ids (for wallet apps reading payment status) live beside API keys on the Developers page.
export const CreatePublicAppInput = z.object({ name: Name });
export type CreatePublicAppInput = z.infer<typeof CreatePublicAppInput>;

export const RevokePublicAppInput = z.object({ id: RowId });
