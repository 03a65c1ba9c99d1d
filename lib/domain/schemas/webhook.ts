import { z } from "zod";
import { allEvents, eventTypes } from "@/lib/domain/schemas/event-types";
import { DateTimeParamSchema, PageQuerySchema } from "@/lib/core/db/pagination";
import { TimestampSchema } from "@/lib/core/schemas/common";
import { idSchema } from "@/lib/core/schemas/ids";

// Whether a URL may receive deliveries (https, with a local exception) is decided in
// lib/domain/webhooks/endpoint-url.ts, which knows how the server is deployed; here only its shape.
const url = z
  .url({ protocol: /^https?$/, error: "Must be an https:// URL." })
  .max(2048)
  .describe("Where events are POSTed. https://, except http://localhost or 127.0.0.1 on a local install.");

const events = z
  .array(z.enum([...eventTypes, allEvents], "Unknown event type."))
  .min(1, 'Subscribe to at least one event type, or "*" for all.')
  .max(eventTypes.length + 1)
  .transform((list) => [...new Set(list)])
  .describe('Event types to receive; `"*"` for every type, including ones added later.');

const description = z.string().trim().max(500, "At most 500 characters.");

export const CreateWebhookEndpointBodySchema = z.strictObject({
  url,
  events: events.default([allEvents]),
  description: description.optional(),
  enabled: z.boolean().default(true),
});
export type CreateWebhookEndpointInput = z.output<typeof CreateWebhookEndpointBodySchema>;

export const UpdateWebhookEndpointBodySchema = z
  .strictObject({
    url: url.optional(),
    events: events.optional(),
    description: description.nullable().optional(),
    enabled: z
      .boolean()
      .optional()
      .describe("Enabling an endpoint that was disabled for failing also resets its failure record."),
  })
  .refine(
    (v) => Object.values(v).some((x) => x !== undefined),
    "Send at least one of url, events, description, enabled.",
  );
export type UpdateWebhookEndpointInput = z.output<typeof UpdateWebhookEndpointBodySchema>;

export const WebhookEndpointParamsSchema = z.object({ endpointId: idSchema("webhookEndpoint") });
export const WebhookDeliveryParamsSchema = WebhookEndpointParamsSchema.extend({
  deliveryId: idSchema("webhookDelivery"),
});

export const deliveryStatuses = ["pending", "succeeded", "failed"] as const;
export const ListDeliveriesQuerySchema = PageQuerySchema.extend({
  status: z.enum(deliveryStatuses).optional(),
});
export type ListDeliveriesFilter = z.output<typeof ListDeliveriesQuerySchema>;

export const WebhookEndpointSchema = z
  .object({
    id: z.string().describe("Webhook endpoint identifier, `we_` prefix."),
    url: z.string(),
    description: z.string().nullable(),
    events: z.array(z.string()),
    enabled: z.boolean(),
    failingSince: TimestampSchema.nullable().describe(
      "Since when every delivery has failed; null while deliveries succeed.",
    ),
    disabledAt: TimestampSchema.nullable().describe(
      "When Tollgate disabled the endpoint after 3 days of failed deliveries; null otherwise.",
    ),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
  })
  .meta({ id: "WebhookEndpoint" });
export type WebhookEndpointJson = z.input<typeof WebhookEndpointSchema>;

export const WebhookEndpointWithSecretSchema = WebhookEndpointSchema.extend({
  secret: z.string().describe("The signing secret (`whsec_…`). Shown only in this response; store it now."),
}).meta({ id: "WebhookEndpointWithSecret" });

export const WebhookDeliverySchema = z
  .object({
    id: z.string().describe("Delivery identifier, `whd_` prefix: one event sent to one endpoint."),
    endpointId: z.string(),
    eventId: z.string(),
    eventType: z.string(),
    status: z.enum(deliveryStatuses),
    attempts: z.number().int(),
    nextAttemptAt: TimestampSchema.nullable().describe(
      "When the next attempt is due; null once succeeded or failed.",
    ),
    lastAttemptAt: TimestampSchema.nullable(),
    requestBody: z.string().describe("The JSON body POSTed: the event, the same on every attempt."),
    responseStatus: z
      .number()
      .int()
      .nullable()
      .describe("The HTTP status of the last attempt; null if no response came."),
    durationMs: z.number().int().nullable(),
    responseExcerpt: z.string().nullable().describe("The first 4 KB of the last response body."),
    error: z.string().nullable().describe("Why the last attempt failed, when it did."),
    createdAt: TimestampSchema,
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDeliveryJson = z.input<typeof WebhookDeliverySchema>;

// A range can cover at most the delivery log's retention and then some; longer is a typo.
const maxRedeliveryRangeDays = 31;

export const RedeliverFailedBodySchema = z
  .strictObject({
    from: DateTimeParamSchema.describe("Deliveries created at or after this time."),
    to: DateTimeParamSchema.describe("Deliveries created before this time."),
  })
  .superRefine((range, ctx) => {
    const span = Date.parse(range.to) - Date.parse(range.from);
    if (span <= 0) ctx.addIssue({ code: "custom", path: ["to"], message: "Must be after from." });
    else if (span > maxRedeliveryRangeDays * 24 * 60 * 60 * 1000)
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: `At most ${maxRedeliveryRangeDays} days after from.`,
      });
  });
export type RedeliverFailedInput = z.output<typeof RedeliverFailedBodySchema>;

export const RedeliveredFailedSchema = z
  .object({
    redelivered: z.number().int().describe("How many failed deliveries were queued to be sent again."),
    deliveryIds: z.array(z.string()),
    hasMore: z
      .boolean()
      .describe(
        "More failed deliveries remain in the range (at most 1,000 are taken per request): send another request with a new Idempotency-Key.",
      ),
  })
  .meta({ id: "RedeliveredFailed" });
