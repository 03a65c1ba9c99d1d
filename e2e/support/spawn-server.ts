import { spawn } from "node:child_process";
import { repoRoot, testSecret } from "./settings";

export type SpawnedServer = {
  url: string;
  output: () => string;
  stop: () => Promise<number | null>;
  crash: () => Promise<void>;
};

/**
 * Runs another Tollgate server process (same build) with its own environment, for tests of start-up
 * and failure: the full server, or with `entry` another one (.next-api/server.mjs, the API only, as
 * `npm run build` bundles it for plain node).
 */
export async function spawnServer(
  env: Record<string, string>,
  port: number,
  entry = "lib/platform/server/start.ts",
): Promise<SpawnedServer> {
  const url = `http://localhost:${port}`;
  if (
    await fetch(url, { signal: AbortSignal.timeout(3_000) }).then(
      () => true,
      (e: Error) => e.name === "TimeoutError",
    )
  )
    throw new Error(`Port ${port} is already in use; a server from an earlier run may still be up.`);
  let output = "";
  // One process (no npx/tsx wrapper in between), so that a signal reaches the server itself.
  const argv = entry.endsWith(".mjs")
    ? [entry]
    : ["--import", "tsx", "--import", "./lib/platform/server/node-hooks.mjs", entry];
  const child = spawn(process.execPath, argv, {
    cwd: repoRoot,
    // Webhook receivers in the tests listen on loopback.
    env: {
      ...process.env,
      NODE_ENV: "production",
      TOLLGATE_SECRET: testSecret,
      WEBHOOKS_ALLOW_PRIVATE_NETWORKS: "true",
      ...env,
      PORT: String(port),
    },
    // An IPC channel: if this test process dies, the server sees it close and stops too.
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));

  const deadline = Date.now() + 120_000; // a busy 2-core machine can take over a minute to start Next
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited early:\n${output}`);
    try {
      await fetch(`${url}/api/health`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`Server did not answer within 120 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return {
    url,
    output: () => output,
    stop: async () => {
      child.kill("SIGTERM");
      return exited;
    },
    /** Dies at once, as a machine losing power would: nothing is finished or released. */
    crash: async () => {
      child.kill("SIGKILL");
      await exited;
    },
  };
}
