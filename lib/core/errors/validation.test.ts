import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "./errors";
import { fieldErrors, parseInput } from "./validation";

const BodySchema = z.strictObject({
  name: z.string().min(1, "Enter a name."),
  items: z.array(z.strictObject({ asset: z.string() })),
});

describe("parseInput", () => {
  it("refuses a NUL character anywhere in the parsed value, naming the field", () => {
    expect(() => parseInput(BodySchema, { name: "a\u0000b", items: [] }, "body")).toThrow(
      /name: Must not contain NUL/,
    );
  });

  it("returns the parsed value", () => {
    expect(parseInput(BodySchema, { name: "a", items: [] }, "body")).toEqual({ name: "a", items: [] });
  });

  it("throws params_validation naming every bad field, including nested and unknown ones", () => {
    try {
      parseInput(BodySchema, { name: "", items: [{ asset: 1, extra: true }], stray: 1 }, "request body");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      const e = error as AppError;
      expect(e.code).toBe("params_validation");
      expect(e.status).toBe(400);
      expect(e.details).toEqual({
        fields: {
          name: "Enter a name.",
          "items.0.asset": expect.any(String),
          "items.0.extra": "Unknown field.",
          stray: "Unknown field.",
        },
      });
      expect(e.message).toMatch(/^Invalid request body\. name: Enter a name\./);
    }
  });

  it("keeps the first message per field", () => {
    const result = z.object({ a: z.string().min(3, "first").regex(/x/, "second") }).safeParse({ a: "y" });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error)).toEqual({ a: "first" });
  });
});
