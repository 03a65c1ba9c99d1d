import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db";
import { createTestAccount, withTestDatabase } from "./test-database";

withTestDatabase();

describe("test database", () => {
  it("has every migration applied and gives each test its own account", async () => {
    const applied = await db().$queryRaw<
      { count: bigint }[]
    >`SELECT count(*) FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL`;
    expect(Number(applied[0]!.count)).toBeGreaterThan(10);
    const [a, b] = [await createTestAccount(), await createTestAccount("live")];
    expect(a.accountId).not.toBe(b.accountId);
    expect(await db().account.count()).toBe(2);
  });
});
