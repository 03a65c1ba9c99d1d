import { z } from "zod";
import { returnOrigin } from "@/lib/core/schemas/return-url";

export const TimestampSchema = z.iso.datetime().describe("ISO 8601 timestamp with milliseconds, in UTC.");

export const ErrorObjectSchema = z
  .object({
    message: z.string(),
    code: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: "Error", description: "The Error object: every error response has this shape." });

export const DeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) });

export function page<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), nextCursor: z.string().nullable() });
}

export const HttpsUrlSchema = z.url({ protocol: /^https$/, error: "Must be an https:// URL." }).max(2048);

/** One entry of a return allow-list, stored as its origin (`https://shop.example.com`) or app scheme (`myapp://`). */
function parseReturnOrigin(entry: string): string | null {
  if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//.test(entry)) return null;
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return null;
  }
  const origin = returnOrigin(url);
  // An entry names a whole origin or scheme: a path, query or credentials would suggest a narrower
  // match than the one made, so they are refused rather than silently dropped.
  const exact =
    url.protocol === "https:"
      ? url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password
      : /^[^:]+:\/\/$/.test(entry);
  return origin && exact ? origin : null;
}

export const ReturnOriginsSchema = z
  .array(z.string().trim().max(200, "Each entry: at most 200 characters."))
  .max(20, "At most 20 entries.")
  .transform((entries, ctx) => {
    const origins = entries.filter(Boolean).map((entry) => ({ entry, origin: parseReturnOrigin(entry) }));
    const bad = origins.find((o) => !o.origin);
    if (bad) {
      ctx.addIssue({
        code: "custom",
        message: `${bad.entry} is not an https origin (https://shop.example.com) or an app scheme (myapp://).`,
      });
      return z.NEVER;
    }
    return [...new Set(origins.map((o) => o.origin!))];
  })
  .describe(
    "Where the hosted checkout may send the buyer back: https origins (`https://shop.example.com`) and app schemes (`myapp://`). A `returnUrl` added to a payment link is offered only when its origin or scheme is on the list of the payment's merchant or of a public app of the same account and mode; otherwise it is ignored. Replaces the whole list; [] clears it.",
  );
