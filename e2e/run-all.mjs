// `npm test`: typecheck, lint, unit tests, a production build, then Playwright (API and UI
// projects) against a real server. Set DATABASE_URL to run it all on PostgreSQL.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

// Debian's chromium-headless-shell: Chromium's headless browser without the full browser's own window
// UI, as Playwright uses by default. The UI suite takes half the CPU time it takes in `chromium --headless`.
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

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
    run("Installing Debian's chromium-headless-shell (no browser found)", "sh", [
      "-c",
      "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell",
    ]);
    if (fs.existsSync(chromium)) return;
  }
  console.error(
    `No Chromium at ${chromium}. Install it with \`sudo apt-get install chromium-headless-shell\` (Debian/Ubuntu), or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}

// TEST_END_TO_END_ONLY=1 (set by .ci/run for its second database) skips what DATABASE_URL cannot
// change: the typecheck, the lint, the unit tests (each file on its own in-memory PGlite, whatever
// DATABASE_URL says) and, when this checkout has one, the build. Running them twice cost CI a
// quarter of an hour for nothing.
const endToEndOnly = process.env.TEST_END_TO_END_ONLY === "1";
// TEST_CHECKS_ONLY=1 is the other half: everything before the end-to-end suite, so that CI can run
// that suite on both databases at once on the one build.
const checksOnly = process.env.TEST_CHECKS_ONLY === "1";
const built = ["./.next/BUILD_ID", "./.next-api/server.mjs", "./.next-server/server.mjs"].every((f) =>
  fs.existsSync(f),
);

ensureChromium();
if (!endToEndOnly) {
  run("Typecheck", "npx", ["tsc", "--noEmit"]);
  run("Lint and formatting", "npm", ["run", "lint"]);
  run("Unit tests", "npx", ["vitest", "run", "--config", ".config/vitest.config.ts"]);
}
if (!endToEndOnly || !built) run("Production build", "npm", ["run", "build"]);
if (checksOnly) {
  console.log("\n✔ Typecheck, lint, unit tests and build passed (TEST_CHECKS_ONLY: no end-to-end tests)");
  process.exit(0);
}
run(`End-to-end tests (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded database"})`, "npx", [
  "playwright",
  "test",
  "--config",
  "e2e/playwright.config.ts",
]);
console.log("\n✔ All tests passed");
