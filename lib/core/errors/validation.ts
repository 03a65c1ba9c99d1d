import type { z } from "zod";
import { AppError } from "@/lib/core/errors/errors";

/** Field path → message, for the Error object's details and for form errors beside each field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String);
    // Name each unexpected field itself rather than the object that holds it.
    const keys =
      issue.code === "unrecognized_keys"
        ? issue.keys.map((k) => [...path, k].join("."))
        : [path.join(".") || "(root)"];
    for (const key of keys)
      fields[key] ??= issue.code === "unrecognized_keys" ? "Unknown field." : issue.message;
  }
  return fields;
}

/**
 * Parses input at the edge: the parsed value, or a message per bad field. PostgreSQL text cannot
 * hold a NUL character, so a string holding one is a bad field here rather than a database failure.
 */
export function checkInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
): { ok: true; data: z.output<S> } | { ok: false; fields: Record<string, string> } {
  const result = schema.safeParse(value);
  if (!result.success) return { ok: false, fields: fieldErrors(result.error) };
  const nul = nulPath(result.data);
  if (nul !== null) return { ok: false, fields: { [nul]: "Must not contain NUL characters." } };
  return { ok: true, data: result.data };
}

/** Parses input at the edge; failure is a 400 `params_validation` naming each bad field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const checked = checkInput(schema, value);
  if (checked.ok) return checked.data;
  const summary = Object.entries(checked.fields)
    .map(([field, message]) => `${field}: ${message}`)
    .join("; ");
  throw new AppError("params_validation", `Invalid ${what}. ${summary}`, { fields: checked.fields });
}

/** The path of the first string holding U+0000 in a parsed value, or null. */
function nulPath(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, ""]];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === "string" && current.includes("\u0000")) return path || "(root)";
    if (current && typeof current === "object" && !(current instanceof Date)) {
      for (const [key, child] of Object.entries(current)) stack.push([child, path ? `${path}.${key}` : key]);
    }
  }
  return null;
}
