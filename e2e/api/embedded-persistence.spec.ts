import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { extraPort } from "../support/settings";
import { signInViaApi } from "../support/sign-in";
import { spawnServer } from "../support/spawn-server";

test("restarting the app keeps the embedded database", async ({ playwright }) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tollgate-restart-"));
  const env = { DATA_DIR: dataDir, DATABASE_URL: "", SEED_OWNER_EMAIL: "restart-owner@demo.tollgate.test" };
  try {
    const first = await spawnServer(env, extraPort(2));
    const seeded = /Sign in:\s+(\S+) \/ (\S+)/.exec(first.output());
    expect(seeded, first.output()).not.toBeNull();
    const [, email, password] = seeded!;
    expect(await first.stop()).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);

    const second = await spawnServer(env, extraPort(2));
    try {
      expect(second.output()).not.toContain("Seeded the demo account");
      expect(second.output()).not.toContain("Applied migrations");
      const request = await playwright.request.newContext();
      expect(await signInViaApi(request, second.url, email!, password!)).toMatchObject({ email });
      await request.dispose();
    } finally {
      await second.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
