// `npm test`: typecheck, lint, unit tests, a production build, then Playwright (API and UI
// projects) against a real server. Set DATABASE_URL to run it all on PostgreSQL.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
  });
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
}

function ensureChromium() {
  if (fs.existsSync(chromium)) return;
  if (process.getuid?.() === 0) {
    run("Installing Debian's chromium (no browser found)", "sh", [
      "-c",
      "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium",
    ]);
    if (fs.existsSync(chromium)) return;
  }
  console.error(
    `No Chromium at ${chromium}. Install it with \`sudo apt-get install chromium\` (Debian/Ubuntu), or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}

ensureChromium();
run("Typecheck", "npx", ["tsc", "--noEmit"]);
run("Lint and formatting", "npm", ["run", "lint"]);
run("Unit tests", "npx", ["vitest", "run", "--config", ".config/vitest.config.ts"]);
run("Production build", "npm", ["run", "build"]);
run(`End-to-end tests (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded database"})`, "npx", [
  "playwright",
  "test",
  "--config",
  "e2e/playwright.config.ts",
]);
console.log("\n✔ All tests passed");
