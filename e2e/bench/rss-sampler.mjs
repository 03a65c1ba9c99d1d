// Peak resident memory of the bench's servers, sampled every 100 ms from a process of its own, so
// that sampling goes on while the bench waits for a scenario's load. Messages: { watch: [pids] },
// { reset: true } before a pass, { report: true } after it, answered with { peaks: { pid: MB } }.
import fs from "node:fs";

let pids = [];
const peaks = new Map();
function sample() {
  for (const pid of pids) {
    let status = "";
    try {
      status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    } catch {
      continue;
    }
    const mb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
    peaks.set(pid, Math.max(peaks.get(pid) ?? 0, mb));
  }
}
setInterval(sample, 100);
process.on("message", (message) => {
  if (message.watch) pids = message.watch;
  if (message.reset) peaks.clear();
  if (message.report) {
    sample();
    process.send({ peaks: Object.fromEntries(peaks) });
  }
});
process.on("disconnect", () => process.exit(0));
