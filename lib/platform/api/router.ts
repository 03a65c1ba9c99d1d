import type { AnyOperation, HttpMethod } from "./operation";

export type RouteMatch =
  | { kind: "operation"; operation: AnyOperation; params: Record<string, string> }
  | { kind: "method_not_allowed"; allowed: HttpMethod[] }
  | { kind: "not_found" };

const methodOrder: HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

type Route = { pattern: RegExp; names: string[]; byMethod: Partial<Record<HttpMethod, AnyOperation>> };

/** Finds the operation for a method and path among the declared ones, from their OpenAPI path templates. */
export function createRouter(operations: AnyOperation[]): (method: string, pathname: string) => RouteMatch {
  const routes = new Map<string, Route>();
  for (const op of operations) {
    let route = routes.get(op.path);
    if (!route) {
      const names: string[] = [];
      const source = op.path
        .replace(/[.*+?^$()|[\]\\]/g, "\\$&")
        .replace(/\\?\{(\w+)\\?\}|\{(\w+)\}/g, (_, a: string, b: string) => (names.push(a ?? b), "([^/]+)"));
      route = { pattern: new RegExp(`^${source}/?$`), names, byMethod: {} };
      routes.set(op.path, route);
    }
    route.byMethod[op.method] = op;
  }
  // Literal segments win over parameters (e.g. /v1/merchant/payment before /v1/merchants/{id}).
  const ordered = [...routes.values()].sort((a, b) => a.names.length - b.names.length);

  return (method, pathname) => {
    for (const route of ordered) {
      const match = route.pattern.exec(pathname);
      if (!match) continue;
      const operation = route.byMethod[method as HttpMethod];
      if (!operation)
        return { kind: "method_not_allowed", allowed: methodOrder.filter((m) => route.byMethod[m]) };
      const params: Record<string, string> = {};
      route.names.forEach((name, i) => (params[name] = decodeURIComponent(match[i + 1]!)));
      return { kind: "operation", operation, params };
    }
    return { kind: "not_found" };
  };
}
