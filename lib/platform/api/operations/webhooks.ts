import { PageQuerySchema } from "@/lib/core/db/pagination";
import { DeletedSchema, page } from "@/lib/core/schemas/common";
import {
  CreateWebhookEndpointBodySchema,
  ListDeliveriesQuerySchema,
  RedeliverFailedBodySchema,
  RedeliveredFailedSchema,
  UpdateWebhookEndpointBodySchema,
  WebhookDeliverySchema,
  WebhookDeliveryParamsSchema,
  WebhookEndpointSchema,
  WebhookEndpointParamsSchema,
  WebhookEndpointWithSecretSchema,
} from "@/lib/domain/schemas/webhook";
import { createWebhookEndpoint } from "@/lib/domain/webhooks/create-endpoint";
import { deleteWebhookEndpoint } from "@/lib/domain/webhooks/delete-endpoint";
import { getWebhookEndpoint } from "@/lib/domain/webhooks/get-endpoint";
import { listDeliveries } from "@/lib/domain/webhooks/list-deliveries";
import { listWebhookEndpoints } from "@/lib/domain/webhooks/list-endpoints";
import { redeliver } from "@/lib/domain/webhooks/redeliver";
import { redeliverFailed } from "@/lib/domain/webhooks/redeliver-failed";
import { rotateWebhookSecret } from "@/lib/domain/webhooks/rotate-secret";
import { sendTestEvent } from "@/lib/domain/webhooks/send-test-event";
import { serializeEndpoint } from "@/lib/domain/webhooks/serialize";
import { updateWebhookEndpoint } from "@/lib/domain/webhooks/update-endpoint";
import { defineOperation } from "@/lib/platform/api/operation";

const tag = "Webhooks";

export const listWebhookEndpointsOp = defineOperation({
  id: "WebhookEndpoints_list",
  summary: "List webhook endpoints, newest first",
  tag,
  method: "GET",
  path: "/v1/webhook-endpoints",
  permission: "webhooks.read",
  query: PageQuerySchema,
  status: 200,
  response: page(WebhookEndpointSchema),
  handler: ({ ctx, query }) => listWebhookEndpoints(ctx.tx, ctx.scope, query),
});

export const createWebhookEndpointOp = defineOperation({
  id: "WebhookEndpoints_create",
  summary: "Add a webhook endpoint; its signing secret is in this response only",
  tag,
  method: "POST",
  path: "/v1/webhook-endpoints",
  permission: "webhooks.write",
  idempotency: "optional",
  body: CreateWebhookEndpointBodySchema,
  status: 201,
  response: WebhookEndpointWithSecretSchema,
  errors: ["conflict"],
  handler: async ({ ctx, body }) => {
    const { endpoint, secret } = await createWebhookEndpoint(ctx, body);
    return { ...serializeEndpoint(endpoint), secret };
  },
});

export const getWebhookEndpointOp = defineOperation({
  id: "WebhookEndpoints_get",
  summary: "Retrieve a webhook endpoint",
  tag,
  method: "GET",
  path: "/v1/webhook-endpoints/{endpointId}",
  permission: "webhooks.read",
  params: WebhookEndpointParamsSchema,
  status: 200,
  response: WebhookEndpointSchema,
  errors: ["not_found"],
  handler: async ({ ctx, params }) =>
    serializeEndpoint(await getWebhookEndpoint(ctx.tx, ctx.scope, params.endpointId)),
});

export const updateWebhookEndpointOp = defineOperation({
  id: "WebhookEndpoints_update",
  summary: "Change a webhook endpoint's url, events, description or enabled",
  tag,
  method: "PATCH",
  path: "/v1/webhook-endpoints/{endpointId}",
  permission: "webhooks.write",
  idempotency: "optional",
  params: WebhookEndpointParamsSchema,
  body: UpdateWebhookEndpointBodySchema,
  status: 200,
  response: WebhookEndpointSchema,
  errors: ["not_found"],
  handler: async ({ ctx, params, body }) =>
    serializeEndpoint(await updateWebhookEndpoint(ctx, params.endpointId, body)),
});

export const deleteWebhookEndpointOp = defineOperation({
  id: "WebhookEndpoints_delete",
  summary: "Delete a webhook endpoint and its delivery log",
  tag,
  method: "DELETE",
  path: "/v1/webhook-endpoints/{endpointId}",
  permission: "webhooks.write",
  idempotency: "optional",
  params: WebhookEndpointParamsSchema,
  status: 200,
  response: DeletedSchema,
  errors: ["not_found"],
  handler: ({ ctx, params }) => deleteWebhookEndpoint(ctx, params.endpointId),
});

export const rotateWebhookSecretOp = defineOperation({
  id: "WebhookEndpoints_rotateSecret",
  summary: "Replace a webhook endpoint's signing secret; the new one is in this response only",
  tag,
  method: "POST",
  path: "/v1/webhook-endpoints/{endpointId}/rotate-secret",
  permission: "webhooks.write",
  idempotency: "optional",
  params: WebhookEndpointParamsSchema,
  status: 200,
  response: WebhookEndpointWithSecretSchema,
  errors: ["not_found"],
  handler: async ({ ctx, params }) => {
    const { endpoint, secret } = await rotateWebhookSecret(ctx, params.endpointId);
    return { ...serializeEndpoint(endpoint), secret };
  },
});

export const listWebhookDeliveriesOp = defineOperation({
  id: "WebhookDeliveries_list",
  summary: "A webhook endpoint's delivery log, newest first",
  tag,
  method: "GET",
  path: "/v1/webhook-endpoints/{endpointId}/deliveries",
  permission: "webhooks.read",
  params: WebhookEndpointParamsSchema,
  query: ListDeliveriesQuerySchema,
  status: 200,
  response: page(WebhookDeliverySchema),
  errors: ["not_found"],
  handler: ({ ctx, params, query }) => listDeliveries(ctx.tx, ctx.scope, params.endpointId, query),
});

export const redeliverWebhookOp = defineOperation({
  id: "WebhookDeliveries_redeliver",
  summary: "Send a delivery again",
  tag,
  method: "POST",
  path: "/v1/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/redeliver",
  permission: "webhooks.write",
  idempotency: "optional",
  params: WebhookDeliveryParamsSchema,
  status: 200,
  response: WebhookDeliverySchema,
  errors: ["not_found", "conflict"],
  handler: ({ ctx, params }) => redeliver(ctx, params.endpointId, params.deliveryId),
});

export const redeliverFailedWebhooksOp = defineOperation({
  id: "WebhookDeliveries_redeliverFailed",
  summary: "Send again every delivery to this endpoint that failed for good, created between from and to",
  tag,
  method: "POST",
  path: "/v1/webhook-endpoints/{endpointId}/deliveries/redeliver-failed",
  permission: "webhooks.write",
  // A retried request must not queue the same deliveries twice.
  idempotency: "required",
  params: WebhookEndpointParamsSchema,
  body: RedeliverFailedBodySchema,
  status: 200,
  response: RedeliveredFailedSchema,
  errors: ["not_found", "conflict"],
  handler: ({ ctx, params, body }) => redeliverFailed(ctx, params.endpointId, body),
});

export const sendTestWebhookOp = defineOperation({
  id: "WebhookEndpoints_sendTestEvent",
  summary: "Send a signed webhook.test event to this endpoint",
  tag,
  method: "POST",
  path: "/v1/webhook-endpoints/{endpointId}/test",
  permission: "webhooks.write",
  idempotency: "optional",
  params: WebhookEndpointParamsSchema,
  status: 201,
  response: WebhookDeliverySchema,
  errors: ["not_found", "conflict"],
  handler: ({ ctx, params }) => sendTestEvent(ctx, params.endpointId),
});
