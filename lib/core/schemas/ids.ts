import { z } from "zod";
import { ID_PREFIXES, ID_RANDOM_LENGTH, idPattern, type IdKind } from "@/lib/core/ids/ids";

/**
 * An id of one kind, wherever one is taken (API paths and bodies, server actions, the checkout):
 * exactly its prefix and 24 letters and digits. Anything else (a NUL, another kind's prefix, a
 * made-up string) names nothing we could have made, so it is refused as a bad parameter (400
 * `params_validation` naming the field) before any query, the same way everywhere.
 */
export function idSchema(kind: IdKind, message?: string) {
  const prefix = ID_PREFIXES[kind];
  return z
    .string()
    .regex(
      idPattern(prefix),
      message ?? `Must be a ${prefix}_ id: ${prefix}_ followed by ${ID_RANDOM_LENGTH} letters and digits.`,
    );
}
