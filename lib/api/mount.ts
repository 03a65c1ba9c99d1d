import "server-only";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { executeOperation, respond } from "./execute";
import type { AnyOperation, HttpMethod } from "./operation";

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
type Handler = (request: Request, context: RouteContext) => Promise<Response>;

const methods: HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** A Next route file's exports: the given operations, and a JSON 405 for every other method. */
export function mountOperations(operations: Partial<Record<HttpMethod, AnyOperation>>): Record<HttpMethod, Handler> {
  const allowed = methods.filter((m) => operations[m]);
  return Object.fromEntries(
    methods.map((method) => {
      const operation = operations[method];
      const handler: Handler = operation
        ? async (request, context) => executeOperation(operation, request, await context.params)
        : async () => errorResponse(new AppError("method_not_allowed", `${method} is not allowed here. Allowed: ${allowed.join(", ")}.`), { Allow: allowed.join(", ") });
      return [method, handler];
    }),
  ) as Record<HttpMethod, Handler>;
}

export function errorResponse(error: AppError, headers: Record<string, string> = {}): Response {
  return respond({ status: error.status, body: error.toJSON() }, newId("req"), undefined, false, headers);
}
