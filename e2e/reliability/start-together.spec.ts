import { expect, test } from "@playwright/test";
import { extraPort, usesPostgres } from "../support/settings";
import { spawnServer } from "../support/spawn-server";
import { scratchDatabase } from "./scratch-server";

// Two instances started at the same moment on a fresh PostgreSQL database: one migrates and seeds
// while the other waits for it, so neither writes an error line (an operator's error log holds only
// what needs a person) and the demo account is seeded once.

test("two instances starting together on a fresh database log no error and seed once", async () => {
  test.skip(!usesPostgres, "The embedded database is single-process by design: there is no second instance.");
  test.setTimeout(180_000);
  const scratch = await scratchDatabase("together", { TOLLGATE_WORKER: "off" });
  const servers = await Promise.all([
    spawnServer(scratch.env, extraPort(1), ".next-api/server.mjs"),
    spawnServer(scratch.env, extraPort(2), ".next-api/server.mjs"),
  ]);
  try {
    // Both answer once the database is prepared.
    for (const server of servers)
      await expect
        .poll(async () => (await fetch(`${server.url}/api/health`)).status, { timeout: 60_000 })
        .toBe(200);
    await expect
      .poll(() => servers.filter((s) => /Test API key:/.test(s.output())).length, { timeout: 30_000 })
      .toBe(1);
    const errorLines = servers
      .flatMap((s) => s.output().split("\n"))
      .filter((line) => /^\{.*"level":(50|60)/.test(line));
    expect(errorLines).toEqual([]);
    expect(await scratch.query((sql) => sql(`SELECT count(*)::int AS n FROM "Account"`))).toEqual([{ n: 1 }]);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await scratch.drop();
  }
});
