// How the bench measures a server: one pass is load.mjs in its own process against one server,
// with the server's CPU time read before and after and its memory sampled by a process of its own
// (rss-sampler.mjs) throughout. A scenario runs in alternating rounds (app, floor, API-only, …, then
// again), saturating passes first and then passes at one fixed rate for all, so that the machine's
// other load falls on every server alike and ratios can be taken within a round.
import { execFile, fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export type Server = { name: string; child: ChildProcess; port: number };

export type Pass = {
  rps: number;
  p50: number;
  p97_5: number;
  p99: number;
  errors: number;
  total: number;
  served: number;
  sent: number;
  cpuMsPerRequest: number | null;
  peakRssMb: number | null;
  load: number;
};

/** A pass's load for a server; `rate` is null in a saturating pass. */
export type Load = (
  server: Server,
  pass: { seconds: number; rate: number | null },
) => Record<string, unknown> | Promise<Record<string, unknown>>;

/** One scenario's passes on one server. */
export type Cell = {
  scenario: string;
  server: string;
  saturating: Pass[];
  fixed: Pass[];
  rate: number | null;
};

/**
 * CPU time a process has used (user + system), in ms. Per request it is a cost figure that holds
 * up better than req/s on a machine busy with other work, which takes CPU from the servers unevenly.
 */
export function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime, fields 14 and 15 of the whole line, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Waits until a server has finished what it was sent (its CPU time still for 300 ms, at most 5 s),
 * so that the work of requests still in flight when the load stopped is counted with them.
 */
export async function settle(pid: number): Promise<void> {
  const until = Date.now() + 5000;
  let last = cpuMs(pid);
  let still = 0;
  while (Date.now() < until && still < 3) {
    await new Promise((r) => setTimeout(r, 100));
    const now = cpuMs(pid);
    still = now - last <= 10 ? still + 1 : 0;
    last = now;
  }
}

/**
 * CPU a server spends a second with no requests (timers, pools, GC), over `seconds`: what a pass's
 * CPU per request carries of it is this times the pass's length over its requests, which is large
 * when a loaded machine lets few requests through.
 */
export async function idleCpuMsPerSecond(pids: number[], seconds: number): Promise<number[]> {
  await Promise.all(pids.map(settle));
  const before = pids.map(cpuMs);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  return pids.map((pid, i) => (cpuMs(pid) - before[i]!) / seconds);
}

export function startRssSampler(root: string) {
  const child = fork(path.join(root, "e2e/bench/rss-sampler.mjs"), [], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const report = () =>
    new Promise<Record<string, number>>((resolve) => {
      child.once("message", (m) => resolve((m as { peaks: Record<string, number> }).peaks));
      child.send({ report: true });
    });
  return {
    watch: (pids: number[]) => child.send({ watch: pids }),
    reset: () => child.send({ reset: true }),
    report,
    stop: () => child.kill(),
  };
}

export type Sampler = ReturnType<typeof startRssSampler>;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function measurer(input: {
  root: string;
  duration: number;
  sampler: Sampler;
  log: (line: string) => void;
}) {
  const { root, duration, sampler, log } = input;

  /** One pass of load.mjs against one server. */
  async function pass(server: Server, scenario: Record<string, unknown>, warmup: number): Promise<Pass> {
    const pid = server.child.pid!;
    sampler.reset();
    const cpuBefore = cpuMs(pid);
    const file = path.join(os.tmpdir(), `tollgate-bench-${process.pid}.json`);
    fs.writeFileSync(
      file,
      JSON.stringify({ url: `http://localhost:${server.port}`, duration, warmup, ...scenario }),
    );
    const output = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        ["e2e/bench/load.mjs", file],
        { cwd: root, maxBuffer: 64 * 1024 * 1024 },
        (error, stdout, stderr) => {
          if (stderr) process.stderr.write(stderr);
          if (error) reject(error);
          else resolve(stdout);
        },
      ),
    );
    const result = JSON.parse(output.trim().split("\n").pop()!) as Omit<
      Pass,
      "cpuMsPerRequest" | "peakRssMb" | "load"
    >;
    await settle(pid);
    const cpuMsPerRequest = result.sent > 0 ? (cpuMs(pid) - cpuBefore) / result.sent : null;
    const peak = (await sampler.report())[pid];
    return {
      ...result,
      cpuMsPerRequest,
      peakRssMb: peak === undefined ? null : Math.round(peak),
      load: os.loadavg()[0]!,
    };
  }

  /**
   * A scenario on several servers in alternating rounds: `rounds` saturating passes each, then
   * `rounds` passes each at one fixed rate (half the slowest server's median saturating rate).
   */
  async function scenario(name: string, servers: Server[], load: Load, rounds: number): Promise<Cell[]> {
    const cells = servers.map((s) => ({
      scenario: name,
      server: s.name,
      saturating: [] as Pass[],
      fixed: [] as Pass[],
      rate: null as number | null,
    }));
    for (let round = 1; round <= rounds; round++)
      for (const [i, server] of servers.entries()) {
        const warmup = round === 1 ? 3 : 1;
        const p = await pass(server, await load(server, { seconds: warmup + duration, rate: null }), warmup);
        log(
          `${name} · ${server.name}, round ${round}: ${Math.round(p.rps)} req/s, ${p.cpuMsPerRequest?.toFixed(2)} ms CPU/req, p99 ${p.p99} ms, ${p.errors} errors, peak ${p.peakRssMb} MB`,
        );
        cells[i]!.saturating.push(p);
      }
    const rate = Math.max(
      5,
      Math.round(0.5 * Math.min(...cells.map((c) => median(c.saturating.map((p) => p.rps))))),
    );
    for (let round = 1; round <= rounds; round++)
      for (const [i, server] of servers.entries()) {
        const p = await pass(server, { ...(await load(server, { seconds: 1 + duration, rate })), rate }, 1);
        log(
          `${name} · ${server.name} at ${rate} req/s, round ${round}: ${p.cpuMsPerRequest?.toFixed(2)} ms CPU/req, p99 ${p.p99} ms, ${p.errors} errors, peak ${p.peakRssMb} MB`,
        );
        cells[i]!.fixed.push(p);
        cells[i]!.rate = rate;
      }
    return cells;
  }

  return { pass, scenario };
}
