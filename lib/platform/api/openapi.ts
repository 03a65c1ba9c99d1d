import { z } from "zod";
import { API_VERSIONS, CURRENT_API_VERSION } from "@/lib/core/config/api-version";
import { errorStatus, type ErrorCode } from "@/lib/core/errors/errors";
import { ErrorObjectSchema } from "@/lib/core/schemas/common";
import type { AnyOperation } from "./operation";
import { operationShapes } from "./versioned-shapes";

type JsonSchema = Record<string, unknown>;

// Errors any operation may answer with, whatever it does.
const commonErrors: ErrorCode[] = [
  "params_validation",
  "missing_api_key",
  "invalid_api_key",
  "forbidden",
  "invalid_api_version",
  "unknown_api_version",
  "rate_limited",
  "internal_error",
  "service_unavailable",
];
const bodyErrors: ErrorCode[] = ["unsupported_media_type", "payload_too_large"];

/** The OpenAPI 3.1 document of one API version for the given operations, generated from the same zod schemas that validate requests. */
export function buildOpenApi(
  operations: AnyOperation[],
  serverUrl: string,
  version: string = CURRENT_API_VERSION,
) {
  const components: Record<string, JsonSchema> = {};

  // zod emits shared (meta id) schemas as local $defs; hoist them into components/schemas.
  const convert = (schema: z.ZodType, io: "input" | "output"): JsonSchema => {
    const {
      $defs = {},
      $schema,
      ...rest
    } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema & {
      $defs?: Record<string, JsonSchema>;
    };
    void $schema;
    const renames: Record<string, string> = {};
    for (const [id, def] of Object.entries($defs)) {
      const existing = components[id];
      renames[id] =
        !existing || JSON.stringify(existing) === JSON.stringify(def)
          ? id
          : `${id}${io === "input" ? "Input" : "Output"}`;
    }
    const relink = <T>(value: T): T =>
      JSON.parse(
        JSON.stringify(value).replace(
          /"#\/\$defs\/([^"]+)"/g,
          (_, id: string) => `"#/components/schemas/${renames[id] ?? id}"`,
        ),
      );
    for (const [id, def] of Object.entries($defs)) components[renames[id]!] = relink(def);
    return relink(rest);
  };

  const errorRef = convert(ErrorObjectSchema, "output");

  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const shapes = operationShapes(op, version);
    const parameters: unknown[] = [];
    for (const [location, schema] of [
      ["path", op.params],
      ["query", shapes.query],
    ] as const) {
      if (!schema) continue;
      const json = convert(schema, "input") as {
        properties?: Record<string, JsonSchema>;
        required?: string[];
      };
      for (const [name, prop] of Object.entries(json.properties ?? {})) {
        parameters.push({
          name,
          in: location,
          required: location === "path" || (json.required ?? []).includes(name),
          schema: prop,
        });
      }
    }
    if (op.merchantHeader)
      parameters.push({
        name: "Merchant-Id",
        in: "header",
        required: true,
        schema: { type: "string" },
        description: "The merchant the payment belongs to.",
      });
    if (op.idempotency) {
      parameters.push({
        name: "Idempotency-Key",
        in: "header",
        required: op.idempotency === "required",
        schema: { type: "string", minLength: 1, maxLength: 255 },
        description:
          "A fresh unique string per new resource; a retry with the same key returns the original result. Kept 24 hours.",
      });
    }
    parameters.push({
      name: "Tollgate-Version",
      in: "header",
      required: false,
      schema: { type: "string", enum: [...API_VERSIONS] },
      description:
        "The API version of this request, older or newer than the account's; defaults to the account's version.",
    });
    parameters.push({
      name: "Wcp-Version",
      in: "header",
      required: false,
      schema: { type: "string", enum: [...API_VERSIONS] },
      description: "WalletConnect Pay's name for Tollgate-Version; read when Tollgate-Version is absent.",
    });

    const appErrors: ErrorCode[] =
      op.auth === "api_key_or_app"
        ? [
            "conflicting_auth_headers",
            "missing_auth_headers",
            "missing_app_id",
            "missing_client_id",
            "invalid_app_id",
          ]
        : [];
    const codes = [
      ...commonErrors,
      ...appErrors,
      ...(op.body ? bodyErrors : []),
      ...(op.idempotency
        ? (["missing_idempotency_key", "idempotency_conflict", "idempotency_in_progress"] as ErrorCode[])
        : []),
      ...(op.merchantHeader ? (["missing_merchant_id"] as ErrorCode[]) : []),
      ...(op.errors ?? []),
    ];
    const responses: Record<string, unknown> = {
      [op.status]: {
        description: "Success",
        content: { "application/json": { schema: convert(shapes.response, "output") } },
      },
    };
    for (const code of codes) {
      const status = String(errorStatus[code]);
      const existing = responses[status] as { description: string } | undefined;
      responses[status] = {
        description: existing ? `${existing.description}, ${code}` : code,
        content: { "application/json": { schema: errorRef } },
      };
    }

    paths[op.path] ??= {};
    paths[op.path]![op.method.toLowerCase()] = {
      operationId: op.id,
      summary: op.summary,
      tags: [op.tag],
      security:
        op.auth === "api_key_or_app" ? [{ ApiKey: [] }, { AppId: [], ClientId: [] }] : [{ ApiKey: [] }],
      parameters,
      ...(shapes.body
        ? {
            requestBody: {
              required: true,
              content: { "application/json": { schema: convert(shapes.body, "input") } },
            },
          }
        : {}),
      responses,
      ...(op.modes ? { "x-modes": op.modes } : {}),
    };
  }

  return {
    openapi: "3.1.0",
    info: {
      title: "Tollgate API",
      version,
      description:
        "Merchants, settlement destinations, payments and their status. Test and live mode share this API; the API key selects the mode.",
    },
    servers: [{ url: serverUrl }],
    security: [{ ApiKey: [] }],
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        ApiKey: {
          type: "apiKey",
          in: "header",
          name: "Api-Key",
          description: "Secret key: svc_test_… or svc_live_…",
        },
        AppId: {
          type: "apiKey",
          in: "header",
          name: "App-Id",
          description: "Public app id (app_…); reads payment status only.",
        },
        ClientId: {
          type: "apiKey",
          in: "header",
          name: "Client-Id",
          description: "Identifies the wallet client; required with App-Id.",
        },
      },
    },
  };
}
