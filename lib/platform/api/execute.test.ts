import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createApiKey } from "@/lib/domain/api-keys/create-api-key";
import { apiPermissions } from "@/lib/domain/permissions/api-key-permissions";
import { db } from "@/lib/core/db";
import { logger } from "@/lib/core/log/logger";
import { createTestAccount, withTestDatabase } from "@/lib/core/testing/test-database";
import { executeOperation } from "./execute";
import type { AnyOperation } from "./operation";

// The app's logger, configured as in production, writing to this list instead of stdout.
const logged = vi.hoisted(() => [] as Record<string, unknown>[]);
vi.mock("@/lib/core/log/logger", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/core/log/logger")>();
  return {
    ...actual,
    logger: actual.createLogger({
      write: (line: string) => void logged.push(JSON.parse(line) as Record<string, unknown>),
    }),
  };
});

withTestDatabase();

/** A read that logs as domain code does (no request id passed), then fails unexpectedly. */
const failing: AnyOperation = {
  id: "failing",
  summary: "Fails",
  tag: "Test",
  method: "GET",
  path: "/v1/failing",
  status: 200,
  response: z.object({}),
  handler: async () => {
    logger.info(
      { apiKey: "svc_test_not_to_be_logged", headers: { authorization: "Bearer not-to-be-logged" } },
      "looking things up",
    );
    throw new Error("the disk is on fire");
  },
};

describe("executeOperation's logs", () => {
  it("carry the request id of the answer on every line, and log an unexpected error once with its stack and no secrets", async () => {
    const scope = await createTestAccount();
    const { key } = await createApiKey(db(), {
      ...scope,
      name: "k",
      actor: "system",
      permissions: apiPermissions,
      grantorRole: "owner",
    });
    logged.length = 0;

    const request = {
      method: "GET",
      pathname: "/v1/failing",
      search: "",
      header: (name: string) => (name === "api-key" ? key : null),
      body: (async function* () {})(),
      signal: new AbortController().signal,
    };
    const response = await executeOperation(failing, request, {});

    expect(response.status).toBe(500);
    const requestId = response.headers["Request-Id"];
    expect(requestId).toMatch(/^req_/);
    expect(JSON.parse(response.body)).toEqual({
      code: "internal_error",
      message: "An internal error occurred.",
      details: { requestId },
    });
    expect(logged.map((line) => [line.msg, line.requestId])).toEqual([
      ["looking things up", requestId],
      ["Unexpected error", requestId],
    ]);
    const [domainLine, errorLine] = logged;
    expect(errorLine).toMatchObject({ level: 50, err: { message: "the disk is on fire" } });
    expect((errorLine!.err as { stack: string }).stack).toContain("execute.test.ts");
    expect(domainLine).toMatchObject({ apiKey: "[redacted]", headers: { authorization: "[redacted]" } });
    expect(JSON.stringify(logged)).not.toContain(key);
  });
});
