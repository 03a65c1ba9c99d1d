"use server";

import { revalidatePath } from "next/cache";
import { authorizedAction, type ActionContext } from "@/lib/platform/actions/action";
import { z } from "zod";
import {
  CreateWebhookEndpointBodySchema,
  RedeliverFailedBodySchema,
  UpdateWebhookEndpointBodySchema,
  WebhookDeliveryParamsSchema,
  WebhookEndpointParamsSchema,
} from "@/lib/domain/schemas/webhook";
import { createWebhookEndpoint } from "@/lib/domain/webhooks/create-endpoint";
import { deleteWebhookEndpoint } from "@/lib/domain/webhooks/delete-endpoint";
import { redeliver } from "@/lib/domain/webhooks/redeliver";
import { redeliverFailed } from "@/lib/domain/webhooks/redeliver-failed";
import { rotateWebhookSecret } from "@/lib/domain/webhooks/rotate-secret";
import { sendTestEvent } from "@/lib/domain/webhooks/send-test-event";
import { updateWebhookEndpoint } from "@/lib/domain/webhooks/update-endpoint";

// The whole mode: the dashboard layout's notice of endpoints disabled for failing changes too.
const refresh = (ctx: ActionContext) => revalidatePath(`/${ctx.scope.mode}`, "layout");

/** The signing secret is in this response and nowhere else, ever. Where events go is a sensitive change (lib/domain/auth/sensitive-change.ts). */
export const createWebhookEndpointAction = authorizedAction(
  "webhooks.manage",
  CreateWebhookEndpointBodySchema,
  { writes: true },
  async (ctx, input) => {
    const { endpoint, secret } = await createWebhookEndpoint(ctx, input);
    refresh(ctx);
    return { id: endpoint.id, url: endpoint.url, secret };
  },
);

export const updateWebhookEndpointAction = authorizedAction(
  "webhooks.manage",
  UpdateWebhookEndpointBodySchema.extend(WebhookEndpointParamsSchema.shape),
  { writes: true },
  async (ctx, { endpointId, ...input }) => {
    await updateWebhookEndpoint(ctx, endpointId, input);
    refresh(ctx);
    return { updated: true };
  },
);

export const rotateWebhookSecretAction = authorizedAction(
  "webhooks.manage",
  WebhookEndpointParamsSchema,
  { writes: true },
  async (ctx, input) => {
    const { secret } = await rotateWebhookSecret(ctx, input.endpointId);
    refresh(ctx);
    return { secret };
  },
);

export const deleteWebhookEndpointAction = authorizedAction(
  "webhooks.manage",
  WebhookEndpointParamsSchema,
  { writes: true },
  async (ctx, input) => {
    const deleted = await deleteWebhookEndpoint(ctx, input.endpointId);
    refresh(ctx);
    return deleted;
  },
);

export const sendTestWebhookAction = authorizedAction(
  "webhooks.manage",
  WebhookEndpointParamsSchema,
  { writes: true },
  async (ctx, input) => {
    const delivery = await sendTestEvent(ctx, input.endpointId);
    refresh(ctx);
    return { id: delivery.id };
  },
);

export const redeliverWebhookAction = authorizedAction(
  "webhooks.manage",
  WebhookDeliveryParamsSchema,
  { writes: true },
  async (ctx, input) => {
    const delivery = await redeliver(ctx, input.endpointId, input.deliveryId);
    refresh(ctx);
    return { id: delivery.id };
  },
);

/**
 * The dialog names its request with a key made when it opened, kept like an API Idempotency-Key:
 * a double click, or a retry after a lost answer, gets the first answer instead of a second batch.
 */
export const redeliverFailedWebhooksAction = authorizedAction(
  "webhooks.manage",
  RedeliverFailedBodySchema.safeExtend({ ...WebhookEndpointParamsSchema.shape, requestKey: z.uuid() }),
  { writes: true, once: ({ requestKey }) => `dashboard:${requestKey}` },
  async (ctx, { endpointId, from, to }) => {
    const redelivered = await redeliverFailed(ctx, endpointId, { from, to });
    refresh(ctx);
    return redelivered;
  },
);
