import { defineConfig } from "@playwright/test";
import { baseURL, port, smtpUrl, stateDir, testSecret } from "./support/settings";

// Chromium's headless shell (Debian's chromium-headless-shell; e2e/run-all.mjs installs it).
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
const browser = {
  browserName: "chromium" as const,
  viewport: { width: 1280, height: 800 },
  launchOptions: {
    executablePath: chromiumPath,
    args: [
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  },
};

export default defineConfig({
  testDir: ".",
  // One folder per port: CI runs a suite per database at once, and each clears its folder first.
  outputDir: `../test-results/${port}`,
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Some tests start servers and wait on real time (expiry, confirmations); a busy 2-core machine is slow.
  timeout: 180_000,
  // CI is read from its log alone: recording a trace of every test (kept only for failures) and an
  // HTML report cost it time and nobody opens them there. Local runs keep both.
  reporter: process.env.CI
    ? [["list"]]
    : [["list"], ["html", { outputFolder: "../playwright-report", open: "never" }]],
  use: { baseURL, trace: process.env.CI ? "off" : "retain-on-failure" },
  projects: [
    { name: "api", testMatch: "api/**/*.spec.ts" },
    {
      name: "ui",
      testMatch: "ui/**/*.spec.ts",
      // Each test's closing screenshot is for reading locally; CI has nobody to look at it.
      use: { ...browser, screenshot: process.env.CI ? "off" : "on" },
    },
    // Isolation, fuzzing, races across instances, database faults, security checks (`npm run test:reliability`).
    // Last: its cells fill accounts a and b in both modes, which UI tests of empty states must not see.
    { name: "reliability", testMatch: "reliability/**/*.spec.ts", use: browser },
  ],
  webServer: {
    command: "node --import tsx --import ./lib/platform/server/node-hooks.mjs e2e/support/test-server.ts",
    cwd: "..",
    url: `${baseURL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      E2E_RUNNER_PID: String(process.pid),
      TOLLGATE_SECRET: testSecret,
      WEBHOOKS_ALLOW_PRIVATE_NETWORKS: "true",
      PORT: String(port),
      E2E_PORT: String(port),
      NODE_ENV: "production",
      TOLLGATE_E2E_STATE: stateDir,
      SMTP_URL: smtpUrl,
    },
  },
});
