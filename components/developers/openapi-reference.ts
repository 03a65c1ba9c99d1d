// Turns the OpenAPI document into what the API reference page shows: operations grouped by tag,
// each with its parameters, request body fields and responses, nested fields flattened to
// dotted names (`amount.unit`, `settlements[].asset`).

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
};

type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema };
type Response = { description: string; content?: { "application/json"?: { schema?: JsonSchema } } };
type OperationObject = {
  operationId: string;
  summary: string;
  tags?: string[];
  security?: Record<string, unknown>[];
  parameters?: Parameter[];
  requestBody?: { content?: { "application/json"?: { schema?: JsonSchema } } };
  responses: Record<string, Response>;
  "x-modes"?: string[];
};
export type OpenApiDocument = {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, unknown> };
};

export type FieldRow = { name: string; type: string; required: boolean; description?: string };
export type ParameterRow = FieldRow & { location: string };
export type OperationView = {
  id: string;
  method: string;
  path: string;
  summary: string;
  modes: string[] | null;
  allowsAppId: boolean;
  parameters: ParameterRow[];
  body: FieldRow[] | null;
  responses: { status: string; description: string; fields: FieldRow[] }[];
};
export type TagGroup = { tag: string; operations: OperationView[] };

const refPrefix = "#/components/schemas/";
const maxDepth = 4;

/** The document's operations grouped by tag, tags and operations in the order the document lists them. */
export function referenceGroups(doc: OpenApiDocument): TagGroup[] {
  const schemas = doc.components.schemas as Record<string, JsonSchema>;
  const groups = new Map<string, OperationView[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const op = raw as OperationObject;
      const tag = op.tags?.[0] ?? "Other";
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push(operationView(path, method, op, schemas));
    }
  }
  return [...groups].map(([tag, operations]) => ({ tag, operations }));
}

function operationView(
  path: string,
  method: string,
  op: OperationObject,
  schemas: Record<string, JsonSchema>,
): OperationView {
  const bodySchema = op.requestBody?.content?.["application/json"]?.schema;
  return {
    id: op.operationId,
    method: method.toUpperCase(),
    path,
    summary: op.summary,
    modes: op["x-modes"] ?? null,
    allowsAppId: (op.security ?? []).some((requirement) => "AppId" in requirement),
    parameters: (op.parameters ?? []).map((p) => ({
      name: p.name,
      location: p.in,
      required: p.required ?? false,
      type: p.schema ? typeLabel(p.schema, schemas) : "string",
      description:
        [p.description, p.schema ? describe(p.schema, schemas) : undefined].filter(Boolean).join(" ") ||
        undefined,
    })),
    body: bodySchema ? fieldRows(bodySchema, schemas) : null,
    responses: Object.entries(op.responses).map(([status, response]) => {
      const schema = response.content?.["application/json"]?.schema;
      // Error responses all carry the Error object; listing its three fields under each would be noise.
      const fields = schema && status.startsWith("2") ? fieldRows(schema, schemas) : [];
      return { status, description: response.description, fields };
    }),
  };
}

function resolve(
  schema: JsonSchema,
  schemas: Record<string, JsonSchema>,
): { schema: JsonSchema; name?: string } {
  if (!schema.$ref?.startsWith(refPrefix)) return { schema };
  const name = schema.$ref.slice(refPrefix.length);
  const target = schemas[name] ?? {};
  return { schema: { ...target, description: schema.description ?? target.description }, name };
}

/** A short human type: `string (date-time)`, `integer`, `Amount`, `array of CryptoSettlement`, `string | null`. */
export function typeLabel(input: JsonSchema, schemas: Record<string, JsonSchema>): string {
  const { schema, name } = resolve(input, schemas);
  if (name) return name;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return [...new Set(variants.map((v) => typeLabel(v, schemas)))].join(" | ");
  if (schema.enum) return `enum: ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`;
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const label = types
    .map((type) => {
      if (type === "array") return `array of ${schema.items ? typeLabel(schema.items, schemas) : "any"}`;
      if (type === "string" && schema.format) return `string (${schema.format})`;
      return type;
    })
    .join(" | ");
  return label || "any";
}

/** The fields of an object schema, nested objects and arrays of objects flattened to dotted names. */
export function fieldRows(
  input: JsonSchema,
  schemas: Record<string, JsonSchema>,
  prefix = "",
  depth = 0,
  seen: string[] = [],
): FieldRow[] {
  const { schema, name } = resolve(input, schemas);
  if (name && seen.includes(name)) return [];
  const visited = name ? [...seen, name] : seen;
  const nested = objectOf(schema, schemas);
  if (!nested || depth >= maxDepth) return [];
  const rows: FieldRow[] = [];
  for (const [field, child] of Object.entries(nested.properties ?? {})) {
    const fullName = `${prefix}${field}`;
    rows.push({
      name: fullName,
      type: typeLabel(child, schemas),
      required: (nested.required ?? []).includes(field),
      description: describe(child, schemas),
    });
    const childResolved = resolve(child, schemas).schema;
    const isArray = childResolved.type === "array" && childResolved.items;
    rows.push(
      ...fieldRows(
        isArray ? childResolved.items! : child,
        schemas,
        `${fullName}${isArray ? "[]" : ""}.`,
        depth + 1,
        visited,
      ),
    );
  }
  return rows;
}

/** The object a schema describes, looking through refs and `X | null`. */
function objectOf(schema: JsonSchema, schemas: Record<string, JsonSchema>): JsonSchema | null {
  if (schema.properties) return schema;
  for (const variant of schema.anyOf ?? schema.oneOf ?? []) {
    const found = objectOf(resolve(variant, schemas).schema, schemas);
    if (found) return found;
  }
  return null;
}

function describe(schema: JsonSchema, schemas: Record<string, JsonSchema>): string | undefined {
  const resolved = resolve(schema, schemas).schema;
  const notes: string[] = [];
  if (resolved.description) notes.push(resolved.description);
  const range = (min: number | undefined, max: number | undefined, unit: string) =>
    min !== undefined && max !== undefined
      ? `${min}–${max}${unit}.`
      : max !== undefined
        ? `At most ${max}${unit}.`
        : min !== undefined
          ? `At least ${min}${unit}.`
          : null;
  // zod gives every integer the safe-integer bounds; only real limits are worth a note.
  const limit = (n: number | undefined) =>
    n === undefined || Math.abs(n) >= Number.MAX_SAFE_INTEGER ? undefined : n;
  const lengthNote = range(resolved.minLength || undefined, resolved.maxLength, " characters");
  const valueNote = range(limit(resolved.minimum), limit(resolved.maximum), "");
  if (lengthNote) notes.push(lengthNote);
  if (valueNote) notes.push(valueNote);
  if (resolved.default !== undefined) notes.push(`Default ${JSON.stringify(resolved.default)}.`);
  return notes.length ? notes.join(" ") : undefined;
}
