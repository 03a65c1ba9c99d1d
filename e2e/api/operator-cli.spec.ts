import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { migratedDataDir } from "../support/embedded-template";
import { repoRoot, stateDir, usesPostgres } from "../support/settings";

function createAccount(args: string[], env: Record<string, string>) {
  const run = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "--import",
      "./lib/platform/server/node-hooks.mjs",
      "lib/platform/cli/create-account.ts",
      ...args,
    ],
    {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      encoding: "utf8",
    },
  );
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

test.describe("ops:create-account", () => {
  // On PostgreSQL the command writes to the same database as the running server, as an operator's would.
  const env = { DATA_DIR: "" };
  const email = `operator-${Date.now()}@e2e.tollgate.test`;
  test.beforeAll(() => {
    env.DATA_DIR = migratedDataDir("cli");
  });
  test.afterAll(() => fs.rmSync(env.DATA_DIR, { recursive: true, force: true }));

  test("creates an account, its owner and a live key, printed once", async () => {
    const run = createAccount(
      ["--email", email, "--account", "Operator Co", "--mode", "live", "--json"],
      env,
    );
    expect(run.code, run.stderr).toBe(0);
    const created = JSON.parse(run.stdout.trim().split("\n").pop()!);
    expect(created).toMatchObject({ email, mode: "live" });
    expect(created.accountId).toMatch(/^acct_[0-9A-Za-z]{24}$/);
    expect(created.apiKey).toMatch(/^svc_live_[0-9A-Za-z]{32}$/);
    expect(created.password.length).toBeGreaterThanOrEqual(12);
  });

  test("refuses a second account for the same email and writes nothing", async () => {
    const run = createAccount(["--email", email], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("An account with this email already exists.");
  });

  test("rejects bad arguments with a usage message", async () => {
    const run = createAccount(["--email", "not-an-email", "--mode", "staging"], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--email must be an email address");
    expect(run.stderr).toContain("--mode must be test or live");
    expect(run.stderr).toContain("Usage: npm run ops:create-account");
  });

  test("will not open an embedded database that a running server holds", async () => {
    test.skip(usesPostgres, "PostgreSQL is shared by design");
    const run = createAccount(["--email", `locked-${Date.now()}@e2e.tollgate.test`], {
      DATA_DIR: path.join(stateDir, "data"),
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/is in use by process \d+/);
  });
});
