import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import { createTestAccount, withTestDatabase } from "@/lib/core/testing/test-database";
import { newestFirst, newestFirstByWindow, type Position } from "./pagination";

withTestDatabase();

const hourMs = 3_600_000;

describe("reading newest first a day and a week back first (partitioned tables)", () => {
  it("pages through rows of every age newest first, each once, as one unbounded query does", async () => {
    const scope = await createTestAccount();
    // Ages on both sides of the day and week spans, and one stamped a little ahead of this clock.
    const ages = [-0.5, 1, 20, 30, 100, 170, 200, 400, 700];
    const now = Date.now();
    const ids: string[] = [];
    for (const age of ages) {
      const id = newId("evt");
      await db().event.create({
        data: { id, ...scope, type: "payment.created", data: {}, createdAt: new Date(now - age * hourMs) },
      });
      ids.push(id);
    }
    const page = (position: Position | null, take: number, windowed: boolean) =>
      newestFirstByWindow(position, take, windowed, (span) =>
        db().event.findMany({ where: { AND: [scope, span] }, orderBy: newestFirst, take }),
      );
    for (const take of [1, 2, 3, 50]) {
      const seen: string[] = [];
      let position: Position | null = null;
      for (;;) {
        const rows = await page(position, take, true);
        seen.push(...rows.map((r) => r.id));
        if (rows.length < take) break;
        position = rows.at(-1)!;
      }
      expect(seen).toEqual(ids);
    }
    expect((await page(null, 50, false)).map((r) => r.id)).toEqual(ids);
  }, 60_000);
});
