import { describe, expect, it } from "vitest";
import { captureLog } from "@/lib/core/testing/capture-log";
import { retentionTask } from "./retention-task";

describe("retentionTask", () => {
  const what = { one: "idle rate-limit bucket", many: "idle rate-limit buckets" };

  it("says what it swept, and asks to go again only after a full batch", async () => {
    const { logger: log, lines } = captureLog();
    expect(await retentionTask("t", what, async (batch) => batch).run({ batch: 3, log })).toBe(true);
    expect(await retentionTask("t", what, async () => 1).run({ batch: 3, log })).toBe(false);
    expect(await retentionTask("t", what, async () => 0).run({ batch: 3, log })).toBe(false);
    expect(lines.map((line) => line.msg)).toEqual([
      "Swept 3 idle rate-limit buckets.",
      "Swept 1 idle rate-limit bucket.",
    ]);
  });
});
