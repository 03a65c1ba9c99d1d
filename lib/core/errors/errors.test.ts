import { describe, expect, it } from "vitest";
import { AppError, isDatabaseUnavailable, toErrorResponse } from "./errors";

describe("database unavailable", () => {
  // The shapes Prisma 7, @prisma/adapter-pg and node-postgres give a server out of connections.
  const outOfConnections = [
    Object.assign(new Error("Too many database connections opened: sorry, too many clients already"), {
      code: "P2037",
    }),
    Object.assign(new Error("sorry, too many clients already"), { code: "53300" }),
    Object.assign(new Error("Driver adapter error"), {
      cause: { kind: "TooManyConnections", cause: "sorry, too many clients already" },
    }),
    Object.assign(new Error("Driver adapter error"), {
      cause: { kind: "postgres", originalCode: "53300", originalMessage: "x" },
    }),
    new Error("remaining connection slots are reserved for non-replication superuser connections"),
  ];

  it.each(outOfConnections.map((e) => [e.message, e]))("is a 503 for %s", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(toErrorResponse(error, "req_1")).toMatchObject({
      status: 503,
      body: { code: "service_unavailable" },
    });
  });

  // What a failover looks like through PgBouncer and HAProxy (seen in `npm run test:ha`).
  const midFailover = [
    new Error(
      "\nInvalid `prisma.relayerLock.update()` invocation:\n\n\nDatabase error. Code: `08P01`. Message: `query_wait_timeout`",
    ),
    new Error(
      "\nInvalid `prisma.$queryRaw()` invocation:\n\n\nRaw query failed. Code: `25006`. Message: `cannot execute INSERT in a read-only transaction`",
    ),
    Object.assign(new Error("Driver adapter error"), {
      cause: {
        kind: "postgres",
        originalCode: "25006",
        originalMessage: "cannot execute UPDATE in a read-only transaction",
      },
    }),
    Object.assign(new Error("Transaction API error: Unable to start a transaction in the given time."), {
      code: "P2028",
    }),
    new Error("Client has encountered a connection error and is not queryable"),
  ];

  it.each(midFailover.map((e) => [e.message, e]))("is a 503 mid-failover: %s", (_, error) => {
    expect(toErrorResponse(error, "req_1")).toMatchObject({
      status: 503,
      body: { code: "service_unavailable" },
    });
  });

  it("keeps query bugs and app errors as they are", () => {
    expect(
      isDatabaseUnavailable(Object.assign(new Error("Unique constraint failed"), { code: "P2002" })),
    ).toBe(false);
    expect(toErrorResponse(new AppError("not_found", "Payment not found."), "req_1").status).toBe(404);
  });
});
