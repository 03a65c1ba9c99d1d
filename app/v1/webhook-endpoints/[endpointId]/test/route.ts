import { mountOperations } from "@/lib/api/mount";
import { sendTestWebhookOp } from "@/lib/api/operations/webhooks";

export const { GET, POST, PUT, PATCH, DELETE } = mountOperations({ POST: sendTestWebhookOp });
