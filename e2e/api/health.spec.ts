import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { extraPort, usesPostgres } from "../support/settings";
import { spawnServer } from "../support/spawn-server";

test("GET /api/health reports a reachable database", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body).toMatchObject({
    status: "ok",
    database: { reachable: true, kind: usesPostgres ? "postgresql" : "embedded" },
  });
  expect(typeof body.database.latencyMs).toBe("number");
  expect(response.headers()["cache-control"]).toBe("no-store");
});

test("GET /api/health answers 503 when the database is down", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tollgate-down-"));
  // Nothing listens on port 1: the connection is refused, as when PostgreSQL is stopped.
  const server = await spawnServer(
    { DATABASE_URL: "postgresql://postgres@127.0.0.1:1/tollgate", DATA_DIR: dataDir },
    extraPort(1),
  );
  try {
    const started = Date.now();
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      status: "unavailable",
      database: { kind: "postgresql", reachable: false },
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(server.output()).toContain("Database unreachable; retrying");
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
