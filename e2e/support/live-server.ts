import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { localChainConfirmations, localChainId, localChainRpc, repoRoot, testSecret } from "./settings";
import { migratedDataDir } from "./embedded-template";
import { spawnServer, type SpawnedServer } from "./spawn-server";

/**
 * Another Tollgate server for live-mode tests that restart it or configure it differently: its own
 * embedded database (so no other server's worker watches its payments), the local chain, and an
 * account with a live key made by the operator command before the first start.
 */
export class LiveServer {
  readonly dataDir = migratedDataDir("live");
  readonly env: Record<string, string>;
  readonly liveKey: string;
  /** The account's owner, to sign in to its dashboard. */
  readonly owner: { email: string; password: string };
  server: SpawnedServer | null = null;

  constructor(
    readonly port: number,
    extraEnv: Record<string, string> = {},
  ) {
    // The operator command and the server must hash keys with the same secret.
    this.env = {
      TOLLGATE_SECRET: testSecret,
      DATA_DIR: this.dataDir,
      DATABASE_URL: "",
      [`CHAIN_RPC_EIP155_${localChainId}`]: localChainRpc,
      [`CHAIN_CONFIRMATIONS_EIP155_${localChainId}`]: String(localChainConfirmations),
      ...extraEnv,
    };
    const run = spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "--import",
        "./lib/platform/server/node-hooks.mjs",
        "lib/platform/cli/create-account.ts",
        "--email",
        `live-${Date.now()}@e2e.tollgate.test`,
        "--mode",
        "live",
        "--json",
      ],
      {
        cwd: repoRoot,
        env: { ...process.env, ...this.env },
        encoding: "utf8",
      },
    );
    if (run.status !== 0) throw new Error(`ops:create-account failed:\n${run.stderr}`);
    const created = JSON.parse(run.stdout.trim().split("\n").pop()!) as {
      apiKey: string;
      email: string;
      password: string;
    };
    this.liveKey = created.apiKey;
    this.owner = { email: created.email, password: created.password };
  }

  get url() {
    return `http://localhost:${this.port}`;
  }

  async start(): Promise<void> {
    this.server = await spawnServer(this.env, this.port);
  }

  async crash(): Promise<void> {
    await this.server?.crash();
    this.server = null;
  }

  async stop(): Promise<void> {
    await this.server?.stop();
    this.server = null;
  }

  async dispose(): Promise<void> {
    await this.stop();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
