import { mountOperations } from "@/lib/api/mount";
import { deleteWebhookEndpointOp, getWebhookEndpointOp, updateWebhookEndpointOp } from "@/lib/api/operations/webhooks";

export const { GET, POST, PUT, PATCH, DELETE } = mountOperations({ GET: getWebhookEndpointOp, PATCH: updateWebhookEndpointOp, DELETE: deleteWebhookEndpointOp });
