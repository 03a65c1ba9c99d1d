import { describe, expect, it } from "vitest";
import { buildOpenApi } from "@/lib/platform/api/openapi";
import { operations } from "@/lib/platform/api/operations";
import { fieldRows, referenceGroups, typeLabel, type JsonSchema } from "./openapi-reference";

const groups = referenceGroups(buildOpenApi(operations, "https://pay.example.com"));
const find = (id: string) => groups.flatMap((g) => g.operations).find((o) => o.id === id)!;

describe("the API reference view of the OpenAPI document", () => {
  it("lists every operation once, grouped by its tag", () => {
    expect(groups.flatMap((g) => g.operations.map((o) => o.id)).sort()).toEqual(
      operations.map((o) => o.id).sort(),
    );
    for (const group of groups)
      expect(group.operations.every((o) => operations.find((op) => op.id === o.id)!.tag === group.tag)).toBe(
        true,
      );
  });

  it("flattens nested request fields to dotted names, with what is required", () => {
    const create = find("Payments_create");
    expect(create.method).toBe("POST");
    expect(create.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "referenceId", type: "string", required: true }),
        expect.objectContaining({ name: "amount.unit", type: "string", required: true }),
        expect.objectContaining({
          name: "expiresAt",
          type: "integer | string (date-time) | null",
          required: false,
        }),
      ]),
    );
    const register = find("CryptoSettlements_create");
    expect(register.body!.map((f) => f.name)).toEqual([
      "settlements",
      "settlements[].asset",
      "settlements[].destination",
    ]);
  });

  it("shows headers and query parameters with their limits, and the success response's fields through $refs", () => {
    const create = find("Payments_create");
    expect(create.parameters).toContainEqual(
      expect.objectContaining({ name: "Merchant-Id", location: "header", required: true }),
    );
    const list = find("Payments_list");
    expect(list.parameters).toContainEqual(
      expect.objectContaining({
        name: "limit",
        location: "query",
        type: "integer",
        description: "1–200. Default 50.",
      }),
    );
    const created = create.responses.find((r) => r.status === "201")!;
    expect(created.fields.map((f) => f.name)).toEqual(
      expect.arrayContaining(["id", "gatewayUrl", "amount", "amount.unit", "info"]),
    );
    expect(create.responses.find((r) => r.status === "401")).toMatchObject({
      description: expect.stringContaining("invalid_api_key"),
      fields: [],
    });
  });

  it("marks test-only operations and those an App-Id may call", () => {
    expect(find("TestPayments_simulate").modes).toEqual(["test"]);
    expect(find("Payments_status").allowsAppId).toBe(true);
    expect(find("Payments_create").allowsAppId).toBe(false);
  });

  it("names types through refs, unions and arrays, and stops at cycles", () => {
    const schemas: Record<string, JsonSchema> = {
      Node: {
        type: "object",
        properties: {
          next: { $ref: "#/components/schemas/Node" },
          tags: { type: "array", items: { type: "string" } },
        },
      },
    };
    expect(typeLabel({ anyOf: [{ $ref: "#/components/schemas/Node" }, { type: "null" }] }, schemas)).toBe(
      "Node | null",
    );
    expect(typeLabel({ type: "array", items: { $ref: "#/components/schemas/Node" } }, schemas)).toBe(
      "array of Node",
    );
    expect(fieldRows({ $ref: "#/components/schemas/Node" }, schemas).map((f) => f.name)).toEqual([
      "next",
      "tags",
    ]);
  });
});

describe("field notes", () => {
  it("state real limits and defaults, not the integer bounds every number carries", () => {
    const schemas = {};
    const rows = fieldRows(
      {
        type: "object",
        properties: {
          name: { type: "string", maxLength: 300 },
          code: { type: "string", minLength: 2, maxLength: 8 },
          count: { type: "integer", minimum: -9007199254740991, maximum: 9007199254740991 },
          limit: { type: "integer", minimum: 1, maximum: 200, default: 50 },
        },
      },
      schemas,
    );
    expect(Object.fromEntries(rows.map((r) => [r.name, r.description]))).toEqual({
      name: "At most 300 characters.",
      code: "2–8 characters.",
      count: undefined,
      limit: "1–200. Default 50.",
    });
  });
});
