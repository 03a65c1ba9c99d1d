import { z } from "zod";

export const Timestamp = z.iso.datetime().describe("ISO 8601 timestamp with milliseconds, in UTC.");

export const ErrorObject = z
  .object({
    message: z.string(),
    code: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: "Error", description: "The Error object: every error response has this shape." });

export const Deleted = z.object({ id: z.string(), deleted: z.literal(true) });

export function page<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), nextCursor: z.string().nullable() });
}

export const HttpsUrl = z.url({ protocol: /^https$/, error: "Must be an https:// URL." }).max(2048);
