// The full run's table for RESULTS.md: per scenario and server, medians and ranges over the
// alternating rounds, CPU per request first, and the floor's ratios taken within each round.
import { median, type Cell, type Pass } from "./measure";

const fmt = (n: number, digits: number) =>
  n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

function spread(values: number[], digits: number, unit = ""): string {
  if (!values.length) return "";
  const lo = Math.min(...values),
    hi = Math.max(...values);
  const m = `${fmt(median(values), digits)}${unit}`;
  return values.length === 1 || fmt(lo, digits) === fmt(hi, digits)
    ? m
    : `${m} (${fmt(lo, digits)}–${fmt(hi, digits)})`;
}

/** floor ÷ server (CPU) or server ÷ floor (req/s), per round, as percentages. */
function roundRatios(
  server: Pass[],
  floor: Pass[],
  of: (p: Pass) => number | null,
  floorOverServer: boolean,
) {
  const out: number[] = [];
  for (let i = 0; i < Math.min(server.length, floor.length); i++) {
    const s = of(server[i]!),
      f = of(floor[i]!);
    if (s && f) out.push(100 * (floorOverServer ? f / s : s / f));
  }
  return out;
}

export function resultsTable(cells: Cell[]): string[] {
  const lines = [
    "| scenario · server | CPU ms/req | floor ÷ server, CPU/req | CPU ms/req at a fixed rate | floor ÷ server at that rate | req/s | server ÷ floor, req/s | p50 / p97.5 / p99 ms | p99 ms at the fixed rate | errors | peak RSS MB |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const cell of cells) {
    const floor =
      cell.server === "floor"
        ? undefined
        : cells.find((c) => c.scenario === cell.scenario && c.server === "floor");
    const cpu = (p: Pass) => p.cpuMsPerRequest;
    const numbers = (passes: Pass[], of: (p: Pass) => number | null) =>
      passes.map(of).filter((v): v is number => v !== null);
    const sat = cell.saturating,
      fixed = cell.fixed;
    const errors = [...sat, ...fixed].reduce((n, p) => n + p.errors, 0);
    const peak = Math.max(...[...sat, ...fixed].map((p) => p.peakRssMb ?? 0));
    lines.push(
      [
        `${cell.scenario} · ${cell.server}`,
        spread(numbers(sat, cpu), 2),
        floor ? spread(roundRatios(sat, floor.saturating, cpu, true), 0, " %") : "",
        fixed.length ? `${spread(numbers(fixed, cpu), 2)} at ${cell.rate}/s` : "",
        floor ? spread(roundRatios(fixed, floor.fixed, cpu, true), 0, " %") : "",
        spread(
          numbers(sat, (p) => p.rps),
          0,
        ),
        floor
          ? spread(
              roundRatios(sat, floor.saturating, (p) => p.rps, false),
              0,
              " %",
            )
          : "",
        `${fmt(median(sat.map((p) => p.p50)), 0)} / ${fmt(median(sat.map((p) => p.p97_5)), 0)} / ${fmt(median(sat.map((p) => p.p99)), 0)}`,
        fixed.length ? fmt(median(fixed.map((p) => p.p99)), 0) : "",
        String(errors),
        String(peak),
      ]
        .join(" | ")
        .replace(/^/, "| ") + " |",
    );
  }
  return lines;
}

/** Peak RSS of each server over every scenario it ran. */
export function peaksByServer(cells: Cell[]): string {
  const peaks = new Map<string, number>();
  for (const cell of cells)
    for (const p of [...cell.saturating, ...cell.fixed])
      peaks.set(cell.server, Math.max(peaks.get(cell.server) ?? 0, p.peakRssMb ?? 0));
  return [...peaks].map(([name, mb]) => `${name} ${mb} MB`).join(", ");
}
