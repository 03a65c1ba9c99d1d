import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

// The highly available database of `npm run test:ha`, on loopback, from Debian's packages: etcd,
// two PostgreSQL 15 nodes under Patroni (one primary, one synchronous standby), HAProxy routing to
// whichever node Patroni's REST API calls the primary (and to the standby on a second port), and
// PgBouncer in transaction mode in front of the primary route.

export const ports = {
  etcd: 2441,
  etcdPeer: 2442,
  postgres: [5441, 5442],
  rest: [8441, 8442],
  primary: 5440,
  standby: 5439,
  pgbouncer: 6441,
} as const;
const packages = {
  patroni: "patroni",
  etcd: "etcd-server",
  haproxy: "haproxy",
  pgbouncer: "pgbouncer",
  "/usr/share/postgresql/15/extension/pg_partman.control": "postgresql-15-partman",
};
const pgBin = "/usr/lib/postgresql/15/bin";
export const database = "tollgate";

/** Installs what is missing with apt-get (as root), or says what to install. */
export function ensurePackages(): void {
  const missing = Object.entries(packages)
    .filter(([probe]) => (probe.startsWith("/") ? !fs.existsSync(probe) : !onPath(probe)))
    .map(([, pkg]) => pkg);
  if (!missing.length) return;
  if (process.getuid?.() !== 0)
    throw new Error(
      `Missing Debian packages: ${missing.join(" ")} (run as root, or install them with apt-get)`,
    );
  console.log(`[ha] installing ${missing.join(" ")}`);
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const install = () =>
    execFileSync("apt-get", ["install", "-y", "--no-install-recommends", ...missing], {
      stdio: "inherit",
      env: aptEnv,
    });
  try {
    install();
  } catch {
    execFileSync("apt-get", ["update"], { stdio: "inherit", env: aptEnv });
    install();
  }
}

function onPath(command: string): boolean {
  return (process.env.PATH ?? "").split(":").some((dir) => fs.existsSync(path.join(dir, command)));
}

type Owner = { uid: number; gid: number } | undefined;
// PostgreSQL (and so Patroni) and PgBouncer refuse to run as root: as root they run as `postgres`.
function osOwner(): Owner {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"]).toString().trim());
  return { uid: id("-u"), gid: id("-g") };
}

export class Cluster {
  private readonly owner = osOwner();
  private readonly processes = new Map<string, ChildProcess>();

  constructor(readonly dir: string) {}

  get primaryUrl() {
    return `postgresql://postgres@127.0.0.1:${ports.primary}/${database}`;
  }
  get standbyUrl() {
    return `postgresql://postgres@127.0.0.1:${ports.standby}/${database}`;
  }
  get pooledUrl() {
    return `postgresql://postgres@127.0.0.1:${ports.pgbouncer}/${database}`;
  }

  async start(): Promise<void> {
    fs.rmSync(this.dir, { recursive: true, force: true });
    fs.mkdirSync(this.dir, { recursive: true });
    this.chown(this.dir);
    this.run(
      "etcd",
      "etcd",
      [
        "--name",
        "tollgate-ha",
        "--data-dir",
        path.join(this.dir, "etcd"),
        "--listen-client-urls",
        `http://127.0.0.1:${ports.etcd}`,
        "--advertise-client-urls",
        `http://127.0.0.1:${ports.etcd}`,
        "--listen-peer-urls",
        `http://127.0.0.1:${ports.etcdPeer}`,
        "--initial-advertise-peer-urls",
        `http://127.0.0.1:${ports.etcdPeer}`,
        "--initial-cluster",
        `tollgate-ha=http://127.0.0.1:${ports.etcdPeer}`,
      ],
      false,
    );
    await waitFor("etcd", async () => (await fetch(`http://127.0.0.1:${ports.etcd}/health`)).ok);
    for (const node of [0, 1]) this.startNode(node);
    await waitFor("a Patroni primary", async () => (await this.primaryNode()) !== null, 90_000);
    const admin = await this.client(
      `postgresql://postgres@127.0.0.1:${ports.postgres[(await this.primaryNode())!]}/postgres`,
    );
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    await waitFor(
      "the synchronous standby",
      async () => (await this.members()).some((m) => m.role === "sync_standby" && m.state === "running"),
      90_000,
    );
    this.writeFile("haproxy.cfg", haproxyConfig());
    this.run("haproxy", "haproxy", ["-f", path.join(this.dir, "haproxy.cfg"), "-db"], false);
    this.writeFile("userlist.txt", `"postgres" ""\n`);
    this.writeFile("pgbouncer.ini", pgbouncerConfig(this.dir));
    this.run("pgbouncer", "pgbouncer", [path.join(this.dir, "pgbouncer.ini")], true);
    await waitFor("HAProxy's primary route", async () => this.answers(this.primaryUrl));
    await waitFor("PgBouncer", async () => this.answers(this.pooledUrl));
  }

  private startNode(node: number): void {
    const name = `node${node + 1}`;
    const nodeDir = path.join(this.dir, name);
    fs.mkdirSync(nodeDir, { recursive: true });
    this.chown(nodeDir);
    this.writeFile(`${name}.yml`, patroniConfig(name, node, nodeDir));
    this.run(name, "patroni", [path.join(this.dir, `${name}.yml`)], true);
  }

  /** Patroni's view of the cluster, from any node that answers. */
  async members(): Promise<{ name: string; role: string; state: string; lag?: number }[]> {
    for (const port of ports.rest) {
      const body = await fetch(`http://127.0.0.1:${port}/cluster`, {
        signal: AbortSignal.timeout(1_000),
      }).then(
        (r) => r.json(),
        () => null,
      );
      if (body)
        return (body as { members: { name: string; role: string; state: string; lag?: number }[] }).members;
    }
    return [];
  }

  /**
   * Whether the standby is synchronous again: streaming with sync_state 'sync' on the primary, and
   * named in Patroni's /sync key. Until both hold, Patroni will not promote it (it may lack commits
   * the primary made alone), so losing the primary then means waiting for it to come back.
   */
  async standbyInSync(): Promise<boolean> {
    const members = await this.members();
    if (!members.some((m) => m.role === "sync_standby" && m.state === "running")) return false;
    const primary = await this.client(this.primaryUrl);
    try {
      return (
        ((
          await primary.query(
            `SELECT 1 FROM pg_stat_replication WHERE sync_state = 'sync' AND state = 'streaming'`,
          )
        ).rowCount ?? 0) > 0
      );
    } finally {
      await primary.end();
    }
  }

  /** The index of the node Patroni's REST API calls the primary (what HAProxy's check asks). */
  async primaryNode(): Promise<number | null> {
    for (const [node, port] of ports.rest.entries()) {
      const ok = await fetch(`http://127.0.0.1:${port}/primary`, { signal: AbortSignal.timeout(1_000) }).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return node;
    }
    return null;
  }

  /** Kills the node's PostgreSQL (postmaster and backends) as the OOM killer would; Patroni stays. */
  killPostgres(node: number): void {
    const pidFile = path.join(this.dir, `node${node + 1}`, "data", "postmaster.pid");
    // Patroni starts the postmaster through a process that exits, so it is not Patroni's descendant.
    if (fs.existsSync(pidFile)) killTree(Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]));
  }

  /** Kills everything of the node at once (Patroni, PostgreSQL and its backends), as losing the machine would. */
  killNode(node: number): void {
    const patroni = this.processes.get(`node${node + 1}`);
    if (patroni?.pid) killTree(patroni.pid);
    this.killPostgres(node);
  }

  async client(url: string): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
    client.on("error", () => {});
    await client.connect();
    return client;
  }

  private async answers(url: string): Promise<boolean> {
    const client = await this.client(url);
    try {
      await client.query("SELECT 1");
      return true;
    } finally {
      await client.end();
    }
  }

  async stop(): Promise<void> {
    for (const node of [0, 1]) this.killNode(node);
    for (const [, child] of [...this.processes].reverse())
      if (child.pid && child.exitCode === null) killTree(child.pid);
    this.processes.clear();
  }

  log(name: string): string {
    const file = path.join(this.dir, `${name}.log`);
    return fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  }

  private run(name: string, command: string, args: string[], asPostgres: boolean): void {
    const out = fs.openSync(path.join(this.dir, `${name}.log`), "a");
    const child = spawn(command, args, {
      cwd: this.dir,
      stdio: ["ignore", out, out],
      ...(asPostgres ? this.owner : undefined),
      env: { ...process.env, PATH: `${pgBin}:${process.env.PATH}` },
    });
    fs.closeSync(out);
    this.processes.set(name, child);
  }

  private writeFile(name: string, text: string): void {
    fs.writeFileSync(path.join(this.dir, name), text);
    this.chown(path.join(this.dir, name));
  }

  private chown(file: string): void {
    if (this.owner) fs.chownSync(file, this.owner.uid, this.owner.gid);
  }
}

/** SIGKILLs a process and every process descended from it. */
function killTree(pid: number): void {
  const children = (parent: number): number[] => {
    const found: number[] = [];
    for (const entry of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      let stat = "";
      try {
        stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      } catch {
        continue; // exited meanwhile
      }
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === parent) found.push(Number(entry), ...children(Number(entry)));
    }
    return found;
  };
  for (const target of [pid, ...children(pid)]) {
    try {
      process.kill(target, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// Failover bound: the leader key lives `ttl` seconds after the primary's Patroni last renewed it;
// the standby sees it gone at its next loop and promotes itself. retry_timeout keeps
// loop_wait + 2 × retry_timeout ≤ ttl, as Patroni requires.
function patroniConfig(name: string, node: number, nodeDir: string): string {
  return `scope: tollgate-ha
name: ${name}
log:
  level: WARNING
restapi:
  listen: 127.0.0.1:${ports.rest[node]}
  connect_address: 127.0.0.1:${ports.rest[node]}
etcd3:
  hosts: 127.0.0.1:${ports.etcd}
bootstrap:
  dcs:
    ttl: 10
    loop_wait: 1
    retry_timeout: 4
    maximum_lag_on_failover: 1048576
    # Only a synchronous standby may be promoted, and a commit returns only once it holds the WAL:
    # a commit acknowledged to the app survives losing the primary.
    synchronous_mode: true
    postgresql:
      use_pg_rewind: true
      parameters:
        synchronous_commit: "on"
        wal_level: replica
        hot_standby: "on"
        wal_log_hints: "on"
        max_connections: 200
        max_wal_senders: 5
        max_replication_slots: 5
  initdb:
    - encoding: UTF8
    - auth: trust
    - no-sync
  pg_hba:
    - local all all trust
    - host replication replicator 127.0.0.1/32 trust
    - host all all 127.0.0.1/32 trust
postgresql:
  listen: 127.0.0.1:${ports.postgres[node]}
  connect_address: 127.0.0.1:${ports.postgres[node]}
  data_dir: ${nodeDir}/data
  bin_dir: ${pgBin}
  pgpass: ${nodeDir}/pgpass
  authentication:
    replication:
      username: replicator
      password: replicator
    superuser:
      username: postgres
      password: postgres
  basebackup:
    checkpoint: fast
  parameters:
    unix_socket_directories: ${nodeDir}
    # Losing a node here is losing its processes, never its page cache: fsync buys the test nothing.
    fsync: "off"
tags:
  nofailover: false
  noloadbalance: false
`;
}

// Every second each node's Patroni is asked whether it is the primary (or a replica); a node that
// stops saying so is out after two checks, and its open sessions are cut so clients reconnect.
function haproxyConfig(): string {
  const route = (name: string, port: number, check: string) => `listen ${name}
  bind 127.0.0.1:${port}
  option httpchk OPTIONS ${check}
  http-check expect status 200
  default-server inter 500ms fall 2 rise 1 on-marked-down shutdown-sessions
${ports.postgres.map((p, i) => `  server node${i + 1} 127.0.0.1:${p} maxconn 180 check port ${ports.rest[i]}`).join("\n")}
`;
  return `global
  maxconn 1000
defaults
  mode tcp
  timeout connect 2s
  timeout client 30m
  timeout server 30m
  timeout check 1s
${route("primary", ports.primary, "/primary")}
${route("standby", ports.standby, "/replica")}`;
}

// Transaction pooling: a server connection is an instance's only for one transaction. A client
// waiting for one longer than query_wait_timeout gets an error (the app answers 503) instead of
// hanging through a failover.
function pgbouncerConfig(dir: string): string {
  return `[databases]
${database} = host=127.0.0.1 port=${ports.primary} dbname=${database}
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${ports.pgbouncer}
unix_socket_dir = ${dir}
auth_type = trust
auth_file = ${dir}/userlist.txt
pool_mode = transaction
max_client_conn = 1000
default_pool_size = 20
reserve_pool_size = 5
server_connect_timeout = 3
server_login_retry = 1
query_wait_timeout = 5
server_check_delay = 5
ignore_startup_parameters = extra_float_digits
admin_users = postgres
`;
}
