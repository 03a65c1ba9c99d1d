import "server-only";
import type { CallContext } from "@/lib/domain/context/call-context";
import { recordAudit } from "@/lib/domain/audit-log/audit";
import { newId } from "@/lib/core/ids/ids";
import type { CreatePublicAppInput } from "@/lib/domain/schemas/api-key";
import { tenant } from "@/lib/core/tenancy/scope";

/** An App-Id is not a secret (it ships inside wallet apps), so it is shown in full, always. */
export async function createPublicApp(ctx: CallContext, input: CreatePublicAppInput) {
  const { tx, scope, actor } = ctx;
  const app = await tx.publicApp.create({
    data: {
      id: newId("app"),
      ...tenant(scope),
      name: input.name,
      allowedReturnOrigins: input.allowedReturnOrigins,
    },
  });
  await recordAudit(tx, {
    ...tenant(scope),
    actor,
    action: "public_app.created",
    targetType: "public_app",
    targetId: app.id,
    data: { name: app.name, allowedReturnOrigins: app.allowedReturnOrigins },
  });
  return app;
}
