import { describe, expect, it } from "vitest";
import { AppError, isDatabaseUnavailable, toErrorResponse } from "./errors";

describe("database unavailable", () => {
  // The shapes Prisma 7, @prisma/adapter-pg and node-postgres give a server out of connections.
  const outOfConnections = [
    Object.assign(new Error("Too many database connections opened: sorry, too many clients already"), { code: "P2037" }),
    Object.assign(new Error("sorry, too many clients already"), { code: "53300" }),
    Object.assign(new Error("Driver adapter error"), { cause: { kind: "TooManyConnections", cause: "sorry, too many clients already" } }),
    Object.assign(new Error("Driver adapter error"), { cause: { kind: "postgres", originalCode: "53300", originalMessage: "x" } }),
    new Error("remaining connection slots are reserved for non-replication superuser connections"),
  ];

  it.each(outOfConnections.map((e) => [e.message, e]))("is a 503 for %s", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(toErrorResponse(error, "req_1")).toMatchObject({ status: 503, body: { code: "service_unavailable" } });
  });

  it("keeps query bugs and app errors as they are", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("Unique constraint failed"), { code: "P2002" }))).toBe(false);
    expect(toErrorResponse(new AppError("not_found", "Payment not found."), "req_1").status).toBe(404);
  });
});
