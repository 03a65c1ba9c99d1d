import { isConcurrentChange, isDatabaseUnavailable } from "@/lib/core/errors/errors";

/**
 * How loud a failure of background work is: another instance's change at the same moment is
 * expected (debug), the database away passes by itself (warn), anything else needs a person (error).
 */
export function backgroundFailureLevel(error: unknown): "debug" | "warn" | "error" {
  if (isConcurrentChange(error)) return "debug";
  if (isDatabaseUnavailable(error)) return "warn";
  return "error";
}
