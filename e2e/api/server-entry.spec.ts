import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "../support/api";
import { extraPort, repoRoot } from "../support/settings";

// Issue 18: one way in. lib/platform/server/start.ts is the server; a plain `next start` would serve the
// dashboard and checkout without /v1, migrations, security headers or background work, so it refuses.

test("a plain `next start` refuses to serve, and says how to start Tollgate", async () => {
  const child = spawn("npx", ["next", "start", "-p", String(extraPort(4))], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  expect(code).toBe(1);
  expect(output).toContain("Tollgate must be started with `npm start` or `npm run serve`");
  await expect(fetch(`http://127.0.0.1:${extraPort(4)}/sign-in`)).rejects.toThrow();
});

test("the checkout's scripts are the files the build made, served without bundling", async ({ request }) => {
  const dir = path.join(repoRoot, process.env.NEXT_DIST_DIR || ".next", "checkout-assets");
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8")) as {
    page: string;
    walletConnect: string;
    tokensCss: string;
  };
  for (const file of [manifest.page, manifest.walletConnect]) {
    const response = await request.get(`/pay/assets/${file}`);
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(await response.text()).toBe(fs.readFileSync(path.join(dir, file), "utf8"));
  }
  // The page's colours are the dashboard's tokens (app/tokens.css).
  expect(manifest.tokensCss).toContain("--color-primary:#4f46e5");
  expect((await request.get("/pay/assets/checkout.0000000000000000.js")).status()).toBe(404);
});
