import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { repoRoot, stateDir, testSecret } from "./settings";

// A new embedded database spends seconds of CPU creating its cluster and applying every migration,
// in each server or command a test starts on one. Tests that are not about that start from a copy
// of one that `npm run db:migrate` made once per run, which takes milliseconds.

const template = path.join(stateDir, "migrated-embedded");

/** A new data directory (DATA_DIR) holding an embedded database with the current schema and no rows. */
export function migratedDataDir(label: string): string {
  if (!fs.existsSync(template)) {
    const building = `${template}-${process.pid}`;
    fs.rmSync(building, { recursive: true, force: true });
    const run = spawnSync(
      process.execPath,
      ["--import", "tsx", "--import", "./lib/platform/server/node-hooks.mjs", "prisma/migrate.ts"],
      {
        cwd: repoRoot,
        env: { ...process.env, TOLLGATE_SECRET: testSecret, DATA_DIR: building, DATABASE_URL: "" },
        encoding: "utf8",
      },
    );
    if (run.status !== 0) throw new Error(`db:migrate failed:\n${run.stdout}${run.stderr}`);
    fs.renameSync(building, template);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tollgate-${label}-`));
  fs.cpSync(template, dataDir, { recursive: true });
  return dataDir;
}
