import type { z } from "zod";
import { API_VERSIONS } from "@/lib/core/config/api-version";
import type { AnyOperation } from "./operation";

/**
 * A change one API version made to an operation's shapes, declared beside the operation as a
 * transformation of its current shapes: requests under a version older than `since` see the
 * shapes before the change.
 */
export type VersionChange = {
  /** The version that made the change. */
  since: string;
  /** What changed, as the README's "Versions" says it. */
  description: string;
  body?: (schema: z.ZodType) => z.ZodType;
  query?: (schema: z.ZodType) => z.ZodType;
  response?: (schema: z.ZodType) => z.ZodType;
  /** The current answer as the older version gives it. */
  answer?: (body: never) => unknown;
};

export type OperationShapes = {
  body?: z.ZodType;
  query?: z.ZodType;
  response: z.ZodType;
  answer: (body: unknown) => unknown;
};

const cache = new WeakMap<AnyOperation, Map<string, OperationShapes>>();

/** The operation's shapes under `version`: its declared ones with every change made since undone, newest first. */
export function operationShapes(operation: AnyOperation, version: string): OperationShapes {
  let byVersion = cache.get(operation);
  if (!byVersion) cache.set(operation, (byVersion = new Map()));
  const cached = byVersion.get(version);
  if (cached) return cached;

  const undone = (operation.versions ?? [])
    .filter((change) => API_VERSIONS.indexOf(change.since) > API_VERSIONS.indexOf(version))
    .sort((a, b) => API_VERSIONS.indexOf(b.since) - API_VERSIONS.indexOf(a.since));
  const shapes: OperationShapes = {
    body: operation.body,
    query: operation.query,
    response: operation.response,
    answer: (body) => body,
  };
  for (const change of undone) {
    if (change.body && shapes.body) shapes.body = change.body(shapes.body);
    if (change.query && shapes.query) shapes.query = change.query(shapes.query);
    if (change.response) shapes.response = change.response(shapes.response);
    if (change.answer) {
      const previous = shapes.answer;
      const transform = change.answer as (body: unknown) => unknown;
      shapes.answer = (body) => transform(previous(body));
    }
  }
  byVersion.set(version, shapes);
  return shapes;
}
