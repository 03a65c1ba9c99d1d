import { describe, expect, it } from "vitest";
import { buildOpenApi } from "./openapi";
import { operations } from "./operations";

const doc = buildOpenApi(operations, "https://pay.example.com");

function refs(value: unknown): string[] {
  return [...JSON.stringify(value).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);
}

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 with one entry per operation, unique operation ids", () => {
    expect(doc.openapi).toBe("3.1.0");
    const ids = Object.values(doc.paths).flatMap((ops) =>
      Object.values(ops).map((op) => (op as { operationId: string }).operationId),
    );
    expect(ids.sort()).toEqual(operations.map((o) => o.id).sort());
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("has every $ref pointing at a component that exists, and no local $defs left", () => {
    const all = refs(doc);
    expect(all.length).toBeGreaterThan(0);
    for (const ref of all) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(doc.components.schemas).toHaveProperty([ref.split("/").pop()!]);
    }
    expect(JSON.stringify(doc)).not.toContain("$defs");
  });

  it("documents the spec's operations with their security and errors", () => {
    const status = doc.paths["/v1/payments/{paymentId}/status"]!.get as {
      security: unknown[];
      responses: Record<string, unknown>;
      parameters: { name: string; in: string; required: boolean }[];
    };
    expect(status.security).toEqual([{ ApiKey: [] }, { AppId: [], ClientId: [] }]);
    expect(status.parameters).toContainEqual(
      expect.objectContaining({ name: "Merchant-Id", in: "header", required: true }),
    );
    expect(Object.keys(status.responses)).toEqual(expect.arrayContaining(["200", "401", "403", "404"]));
    const createMerchant = doc.paths["/v1/merchants"]!.post as {
      parameters: { name: string; required: boolean }[];
      responses: Record<string, unknown>;
    };
    expect(createMerchant.parameters).toContainEqual(
      expect.objectContaining({ name: "Idempotency-Key", required: true }),
    );
    expect(Object.keys(createMerchant.responses)).toEqual(
      expect.arrayContaining(["201", "400", "409", "413", "415"]),
    );
    expect(doc.paths["/v1/merchants/{merchantId}/settlements/crypto"]!.post).toBeDefined();
  });
});
