// Developer command, like `stripe listen --forward-to`: streams a test account's events to a local
// URL, each signed as a real delivery (the same headers and signature as lib/domain/webhooks/deliver.ts),
// so a webhook handler can be built on a laptop that no Tollgate server could reach.
//   npm run listen -- --api-key svc_test_… --forward-to http://localhost:4000/webhooks
//                     [--base-url http://localhost:3000] [--events payment.succeeded,refund.succeeded]
//                     [--secret whsec_…] [--interval-ms 1000]
// It reads GET /v1/events with the key (so it works from anywhere the API is reachable), page by page,
// and forwards every event made after it started, oldest first, each once. A live key is refused: live events
// belong to real endpoints, with their guards and retries.
import crypto from "node:crypto";
import { parseArgs } from "node:util";
import { z } from "zod";
import { deliveryHeaders } from "@/lib/domain/webhooks/delivery-headers";

const { values } = parseArgs({
  options: {
    "api-key": { type: "string", default: process.env.TOLLGATE_API_KEY },
    "forward-to": { type: "string" },
    "base-url": { type: "string", default: process.env.TOLLGATE_BASE_URL ?? "http://localhost:3000" },
    events: { type: "string" },
    secret: { type: "string" },
    "interval-ms": { type: "string", default: "1000" },
  },
});

const parsed = z
  .object({
    "api-key": z
      .string("--api-key (or TOLLGATE_API_KEY) is required")
      .regex(
        /^svc_test_/,
        "--api-key must be a test key (svc_test_…): listen forwards test-mode events only",
      ),
    "forward-to": z.url({ protocol: /^https?$/, error: "--forward-to must be an http(s) URL" }),
    "base-url": z.url({ protocol: /^https?$/, error: "--base-url must be an http(s) URL" }),
    events: z.string().optional(),
    secret: z.string().min(16, "--secret must be at least 16 characters").optional(),
    "interval-ms": z.coerce.number().int().min(200).max(60_000),
  })
  .safeParse(values);
if (!parsed.success) {
  console.error(parsed.error.issues.map((i) => i.message).join("\n"));
  process.exit(2);
}
const args = parsed.data;
const wanted = args.events ? new Set(args.events.split(",").map((t) => t.trim())) : null;
// Like an endpoint's, but made here and printed once: the local handler verifies with it.
const secret = args.secret ?? `whsec_${crypto.randomBytes(24).toString("base64url")}`;

type EventJson = { id: string; type: string; createdAt: string };

/** One page of events, as the API lists them, newest first; `cursor` reads on to older ones. */
async function eventsPage(cursor: string | null): Promise<{ data: EventJson[]; nextCursor: string | null }> {
  const url = new URL("/v1/events?limit=100", args["base-url"]);
  if (cursor) url.searchParams.set("cursor", cursor);
  const response = await fetch(url, { headers: { "Api-Key": args["api-key"] } });
  const body = (await response.json().catch(() => null)) as {
    data?: EventJson[];
    nextCursor?: string | null;
    message?: string;
  } | null;
  if (!response.ok || !body?.data)
    throw new Error(`GET /v1/events answered ${response.status}: ${body?.message ?? "no event list"}`);
  return { data: body.data, nextCursor: body.nextCursor ?? null };
}

// An event is listed by the time it was made, but may commit (and so appear) a little later than
// events made after it. So each poll reads back, page by page, to `settledMs` before the newest
// event, and remembers the ids it has read that recently.
const settledMs = 60_000;
/** The ids read within `settledMs` of the newest event, with the time each was made. */
const seen = new Map<string, number>();
let newest = -Infinity;

/** Every event not read before, oldest first: all of them, however many were made since the last poll. */
async function unseenEvents(): Promise<EventJson[]> {
  const fresh: EventJson[] = [];
  let top = newest;
  let cursor: string | null = null;
  reading: do {
    const page = await eventsPage(cursor);
    for (const event of page.data) {
      const madeAt = Date.parse(event.createdAt);
      top = Math.max(top, madeAt);
      if (madeAt < top - settledMs) break reading;
      if (!seen.has(event.id)) fresh.push(event);
    }
    cursor = page.nextCursor;
  } while (cursor);
  newest = top;
  for (const event of fresh) seen.set(event.id, Date.parse(event.createdAt));
  for (const [id, madeAt] of seen) if (madeAt < newest - settledMs) seen.delete(id);
  return fresh.reverse();
}

async function forward(event: EventJson): Promise<void> {
  const body = JSON.stringify(event);
  const started = performance.now();
  try {
    const response = await fetch(args["forward-to"], {
      method: "POST",
      headers: deliveryHeaders(event, body, secret),
      body,
      redirect: "manual",
    });
    await response.arrayBuffer().catch(() => undefined);
    console.log(
      `${new Date().toISOString()}  --> ${event.type} [${event.id}]  <-- [${response.status}] ${Math.round(performance.now() - started)} ms`,
    );
  } catch (error) {
    console.log(
      `${new Date().toISOString()}  --> ${event.type} [${event.id}]  could not reach ${args["forward-to"]}: ${(error as Error).message}`,
    );
  }
}

// Events that existed before listening are not forwarded (nor are they after a restart).
await unseenEvents();
console.log(
  `Ready. Forwarding test-mode events from ${args["base-url"]} to ${args["forward-to"]}.\nSigning secret: ${secret}\n(Verify the Tollgate-Signature header with it, as with a real endpoint's secret. Ctrl-C to stop.)`,
);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => (stopping = true));
while (!stopping) {
  try {
    for (const event of await unseenEvents()) if (!wanted || wanted.has(event.type)) await forward(event);
  } catch (error) {
    console.error(`${new Date().toISOString()}  ${(error as Error).message}; trying again.`);
  }
  await new Promise((resolve) => setTimeout(resolve, args["interval-ms"]));
}
process.exit(0);
