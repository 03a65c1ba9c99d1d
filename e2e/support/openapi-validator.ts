import Ajv2020, { type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

type Doc = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>
  >;
  components: { schemas: Record<string, unknown> };
};

/** Checks that a response is one the OpenAPI document promises: a listed status with a body matching its schema. */
export class OpenApiValidator {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly cache = new Map<string, ValidateFunction>();
  private readonly routes: { method: string; template: string; pattern: RegExp }[];
  validated = 0;

  constructor(private readonly doc: Doc) {
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: "doc", components: doc.components }, "doc");
    this.routes = Object.entries(doc.paths).flatMap(([template, ops]) =>
      Object.keys(ops).map((method) => ({
        method: method.toUpperCase(),
        template,
        pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`),
      })),
    );
    // Literal segments win over parameters, as in the router (/v1/merchants/payments before /v1/merchants/{merchantId}).
    this.routes.sort((a, b) => a.template.split("{").length - b.template.split("{").length);
  }

  /** Whether the document describes this method and path at all. */
  covers(method: string, pathname: string): boolean {
    const template = this.routes.find((r) => r.pattern.test(pathname))?.template;
    return this.routes.some((r) => r.method === method && r.template === template);
  }

  /** Throws with a readable message when the response breaks the contract. */
  check(method: string, pathname: string, status: number, body: unknown): void {
    // The path's own template (literal segments first), then its operation for this method, if any.
    const template = this.routes.find((r) => r.pattern.test(pathname))?.template;
    const route = this.routes.find((r) => r.method === method && r.template === template);
    const schema = route
      ? this.responseSchema(route.template, route.method, status)
      : { $ref: "doc#/components/schemas/Error" };
    if (!schema)
      throw new Error(
        `${method} ${pathname} answered ${status}, a status its OpenAPI operation does not list.`,
      );
    const key = `${route?.template ?? "*"} ${method} ${status}`;
    let validate = this.cache.get(key);
    if (!validate) {
      validate = this.ajv.compile(rewriteRefs(schema));
      this.cache.set(key, validate);
    }
    if (!validate(body)) {
      throw new Error(
        `${method} ${pathname} ${status} body does not match the OpenAPI schema: ${this.ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`,
      );
    }
    this.validated++;
  }

  private responseSchema(template: string, method: string, status: number): unknown {
    return this.doc.paths[template]?.[method.toLowerCase()]?.responses[String(status)]?.content?.[
      "application/json"
    ]?.schema;
  }
}

function rewriteRefs(schema: unknown): object {
  return JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"doc#/components/'));
}
