import { mountOperations } from "@/lib/api/mount";
import { listWebhookDeliveriesOp } from "@/lib/api/operations/webhooks";

export const { GET, POST, PUT, PATCH, DELETE } = mountOperations({ GET: listWebhookDeliveriesOp });
