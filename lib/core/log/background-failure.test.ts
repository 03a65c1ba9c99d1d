import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/core/errors/errors";
import { backgroundFailureLevel } from "./background-failure";

describe("how loud a background failure is", () => {
  it.each([
    [
      "another instance changed the payment first",
      new AppError("conflict", "The payment changed at the same moment; try again."),
      "debug",
    ],
    [
      "another instance finished the payment first",
      new AppError("invalid_state", "This payment is already succeeded; a final payment cannot change.", {
        status: "succeeded",
        final: true,
      }),
      "debug",
    ],
    [
      "the database away (a failover)",
      Object.assign(new Error("Database error. Code: `08P01`. Message: `server conn crashed?`"), {
        code: "P2010",
      }),
      "warn",
    ],
    [
      "the database refusing connections",
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
      "warn",
    ],
    ["a bug", new TypeError("Cannot read properties of undefined"), "error"],
    [
      "a refusal that is not a race",
      new AppError("invalid_state", "A requires_action payment cannot become processing.", {
        status: "requires_action",
        final: false,
      }),
      "error",
    ],
  ])("%s", (_, error, level) => {
    expect(backgroundFailureLevel(error)).toBe(level);
  });
});
