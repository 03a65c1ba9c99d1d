import "server-only";
import { recordAudit } from "@/lib/audit";
import type { Tx } from "@/lib/db";
import { newId } from "@/lib/ids";
import type { CreatePublicAppInput } from "@/lib/schemas/api-key";
import { tenant, type Scope } from "@/lib/scope";

/** An App-Id is not a secret (it ships inside wallet apps), so it is shown in full, always. */
export async function createPublicApp(tx: Tx, scope: Scope, actor: string, input: CreatePublicAppInput) {
  const app = await tx.publicApp.create({ data: { id: newId("app"), ...tenant(scope), name: input.name } });
  await recordAudit(tx, { ...tenant(scope), actor, action: "public_app.created", targetType: "public_app", targetId: app.id, data: { name: app.name } });
  return app;
}
