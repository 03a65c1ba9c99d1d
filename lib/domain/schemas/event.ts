import { z } from "zod";
import { eventTypes } from "@/lib/domain/schemas/event-types";
import { PageQuerySchema } from "@/lib/core/db/pagination";
import { TimestampSchema } from "@/lib/core/schemas/common";
import { idSchema } from "@/lib/core/schemas/ids";

export const eventTypesListed = [...eventTypes, "webhook.test"] as const;

export const ListEventsQuerySchema = PageQuerySchema.extend({
  type: z.enum(eventTypesListed, "Unknown event type.").optional().describe("Only events of this type."),
});
export type ListEventsFilter = z.output<typeof ListEventsQuerySchema>;

export const EventParamsSchema = z.object({ eventId: idSchema("event") });

export const EventSchema = z
  .object({
    id: z.string().describe("Event identifier, `evt_` prefix; a webhook receiver dedupes on it."),
    type: z.string().meta({ examples: ["payment.succeeded"] }),
    mode: z.enum(["test", "live"]),
    createdAt: TimestampSchema,
    data: z.object({
      object: z
        .record(z.string(), z.unknown())
        .describe("The payment, refund or settlement list after the change, as webhooks carry it."),
    }),
  })
  .meta({ id: "Event", description: "An event, exactly as its webhook body." });
export type EventJson = z.input<typeof EventSchema>;
