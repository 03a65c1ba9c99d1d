import { getEvent } from "@/lib/domain/events/get-event";
import { listEvents } from "@/lib/domain/events/list-events";
import { page } from "@/lib/core/schemas/common";
import { EventSchema, EventParamsSchema, ListEventsQuerySchema } from "@/lib/domain/schemas/event";
import { defineOperation } from "@/lib/platform/api/operation";

const tag = "Events";

// Reading events is reading what webhooks send, so it takes the webhooks' read permission.
export const listEventsOp = defineOperation({
  id: "Events_list",
  summary: "List events of the last 30 days, newest first, as webhooks carry them",
  tag,
  method: "GET",
  path: "/v1/events",
  permission: "webhooks.read",
  query: ListEventsQuerySchema,
  status: 200,
  response: page(EventSchema),
  handler: ({ ctx, query, q }) => listEvents(q, ctx, query),
});

export const getEventOp = defineOperation({
  id: "Events_get",
  summary: "Retrieve an event: the body its webhooks were sent",
  tag,
  method: "GET",
  path: "/v1/events/{eventId}",
  permission: "webhooks.read",
  params: EventParamsSchema,
  status: 200,
  response: EventSchema,
  errors: ["not_found"],
  handler: ({ ctx, params, q }) => getEvent(q, ctx, params.eventId),
});
