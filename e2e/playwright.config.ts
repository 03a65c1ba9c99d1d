import { defineConfig } from "@playwright/test";
import { baseURL, port, stateDir, testSecret } from "./support/settings";

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: ".",
  outputDir: "../test-results",
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Some tests start servers and wait on real time (expiry, confirmations); a busy 2-core machine is slow.
  timeout: 180_000,
  reporter: [["list"], ["html", { outputFolder: "../playwright-report", open: "never" }]],
  use: { baseURL, trace: "retain-on-failure" },
  projects: [
    { name: "api", testMatch: "api/**/*.spec.ts" },
    {
      name: "ui",
      testMatch: "ui/**/*.spec.ts",
      use: {
        browserName: "chromium",
        screenshot: "on",
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: chromiumPath,
          args: ["--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
        },
      },
    },
  ],
  webServer: {
    command: "node --import tsx --import ./lib/server/node-hooks.mjs e2e/support/test-server.ts",
    cwd: "..",
    url: `${baseURL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: { TOLLGATE_SECRET: testSecret, PORT: String(port), E2E_PORT: String(port), NODE_ENV: "production", TOLLGATE_E2E_STATE: stateDir },
  },
});
