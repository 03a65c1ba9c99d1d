import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import { logger } from "@/lib/core/log/logger";
import { withTestDatabase } from "@/lib/core/testing/test-database";
import { releaseLease, takeLease } from "./lease";
import { runTasks } from "./run-tasks";
import type { Task } from "./task";

withTestDatabase();
const silent = logger.child({}, { level: "silent" });

describe("task leases", () => {
  it("lets one holder at a time hold a due task, and the holder extend it", async () => {
    const task = newId("key");
    expect(await takeLease(task, "a", 60_000)).toBe(true);
    expect(await takeLease(task, "b", 60_000)).toBe(false);
    expect(await takeLease(task, "a", 60_000)).toBe(true);
  });

  it("keeps a released task from everyone until it is due again", async () => {
    const task = newId("key");
    await takeLease(task, "a", 60_000);
    await releaseLease(task, "a", 60_000);
    expect(await takeLease(task, "a", 60_000)).toBe(false);
    expect(await takeLease(task, "b", 60_000)).toBe(false);
    await db().taskLease.update({ where: { name: task }, data: { nextRunAt: new Date(Date.now() - 1_000) } });
    expect(await takeLease(task, "b", 60_000)).toBe(true);
  });

  it("gives a task whose holder's lease ran out to another", async () => {
    const task = newId("key");
    await takeLease(task, "a", 50);
    await sleep(100);
    expect(await takeLease(task, "b", 60_000)).toBe(true);
    // The first holder's late release changes nothing.
    await releaseLease(task, "a", 60_000);
    expect(await db().taskLease.findUniqueOrThrow({ where: { name: task } })).toMatchObject({ holder: "b" });
  });
});

describe("runTasks", () => {
  it("runs a leased task once per interval across instances, and a rows task in each", async () => {
    const runs = { lease: 0, rows: 0 };
    const tasks: Task[] = [
      { name: newId("key"), everyMs: 60_000, lock: "lease", run: async () => (runs.lease++, false) },
      { name: newId("key"), everyMs: 60_000, lock: "rows", run: async () => (runs.rows++, false) },
    ];
    const instances = [runTasks(tasks, silent), runTasks(tasks, silent)];
    await expect.poll(() => runs.rows).toBe(2);
    await sleep(200);
    await Promise.all(instances.map((instance) => instance.stop()));
    expect(runs).toEqual({ lease: 1, rows: 2 });
    const lease = await db().taskLease.findUniqueOrThrow({ where: { name: tasks[0]!.name } });
    expect(lease.holder).toBeNull();
    expect(lease.nextRunAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it("goes again at once while a round reports more waiting", async () => {
    let left = 3;
    const task: Task = {
      name: newId("key"),
      everyMs: 60_000,
      lock: "lease",
      batch: 1,
      run: async ({ batch }) => (left -= batch) > 0,
    };
    const instance = runTasks([task], silent);
    await expect.poll(() => left).toBe(0);
    await instance.stop();
    expect(await db().taskLease.findUniqueOrThrow({ where: { name: task.name } })).toMatchObject({
      holder: null,
    });
  });
});
