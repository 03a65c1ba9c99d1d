import { mountOperations } from "@/lib/api/mount";
import { createWebhookEndpointOp, listWebhookEndpointsOp } from "@/lib/api/operations/webhooks";

export const { GET, POST, PUT, PATCH, DELETE } = mountOperations({ GET: listWebhookEndpointsOp, POST: createWebhookEndpointOp });
