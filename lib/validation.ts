import type { z } from "zod";
import { AppError } from "@/lib/errors";

/** Field path → message, for the Error object's details and for form errors beside each field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String);
    // Name each unexpected field itself rather than the object that holds it.
    const keys = issue.code === "unrecognized_keys" ? issue.keys.map((k) => [...path, k].join(".")) : [path.join(".") || "(root)"];
    for (const key of keys) fields[key] ??= issue.code === "unrecognized_keys" ? "Unknown field." : issue.message;
  }
  return fields;
}

/** Parses input at the edge; failure is a 400 `invalid_request` naming each bad field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = fieldErrors(result.error);
  const summary = Object.entries(fields).map(([field, message]) => `${field}: ${message}`).join("; ");
  throw new AppError("invalid_request", `Invalid ${what}. ${summary}`, { fields });
}
