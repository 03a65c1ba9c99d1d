import { once } from "node:events";
import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { AppError } from "@/lib/core/errors/errors";
import { createLogger } from "@/lib/core/log/logger";
import { runTasks } from "./run-tasks";
import type { Task } from "./task";

const quietLog = createLogger(new Writable({ write: (_chunk, _encoding, done) => done() }));
const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);

afterEach(() => {
  process.off("warning", onWarning);
  warnings.length = 0;
});

describe("running tasks", () => {
  it("runs every registered task — more than ten — without a listener-leak warning, and stops them", async () => {
    process.on("warning", onWarning);
    const rounds = new Map<string, number>();
    const tasks: Task[] = Array.from({ length: 14 }, (_, i) => ({
      name: `task ${i}`,
      everyMs: 20,
      lock: "rows",
      run: async () => {
        rounds.set(`task ${i}`, (rounds.get(`task ${i}`) ?? 0) + 1);
        return false;
      },
    }));
    const runner = runTasks(tasks, quietLog);
    while (rounds.size < tasks.length) await new Promise((resolve) => setTimeout(resolve, 20));
    await runner.stop();
    // Warnings are emitted on the next tick.
    await Promise.race([once(process, "warning"), new Promise((resolve) => setImmediate(resolve))]);
    expect(warnings.map((w) => w.name)).toEqual([]);
    expect(rounds.size).toBe(14);
  });

  it("logs a concurrent change by another instance at debug, and a real failure at error", async () => {
    const lines: { level: number; msg: string }[] = [];
    const log = createLogger(
      new Writable({ write: (chunk, _encoding, done) => (lines.push(JSON.parse(String(chunk))), done()) }),
    );
    log.level = "debug";
    let rounds = 0;
    const task: Task = {
      name: "Chain watch",
      everyMs: 10,
      lock: "rows",
      run: async () => {
        rounds++;
        if (rounds <= 2) throw new AppError("conflict", "The payment changed at the same moment; try again.");
        if (rounds === 3) throw new Error("the chain's node answered nonsense");
        return false;
      },
    };
    const runner = runTasks([task], log);
    while (rounds < 4) await new Promise((resolve) => setTimeout(resolve, 10));
    await runner.stop();
    const atLeast = (level: number) => lines.filter((l) => l.level >= level).map((l) => l.msg);
    expect(atLeast(50)).toEqual(["Chain watch failed: Error: the chain's node answered nonsense"]);
    expect(lines.filter((l) => l.level === 20 && /concurrent change/.test(l.msg))).toHaveLength(2);
  });
});
