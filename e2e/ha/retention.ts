// Run by `npm run test:ha` straight on the primary: one round of the request-log and event
// retention sweeps (on partitioned tables: dropping the days past retention), as a worker runs them, each timed; prints {"requestLogMs":…,"eventsMs":…}.
import { closeDb } from "@/lib/core/db";
import { sweepOldEvents } from "@/lib/platform/tasks/retention/events";
import { sweepOldRequestLogs } from "@/lib/platform/tasks/retention/request-logs";

const timed = async (sweep: (batch: number, now: Date) => Promise<number>) => {
  const started = performance.now();
  await sweep(500, new Date());
  return Math.round(performance.now() - started);
};
console.log(
  JSON.stringify({ requestLogMs: await timed(sweepOldRequestLogs), eventsMs: await timed(sweepOldEvents) }),
);
await closeDb();
process.exit();
