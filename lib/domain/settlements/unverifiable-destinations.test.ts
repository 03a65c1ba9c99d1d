import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import { createTestAccount, withTestDatabase } from "@/lib/core/testing/test-database";
import { createTestMerchant } from "@/lib/domain/testing/test-payment";
import { listUnpayableMerchants } from "./unverifiable-destinations";

withTestDatabase();

const usdcArbitrum = "eip155:42161/erc20:0xaf88d065e77c8cC2239327C5EDb3A432268e5831";

describe("listUnpayableMerchants", () => {
  it("lists the newest problem first, at most the limit, and counts them all", async () => {
    const scope = await createTestAccount("live");
    const names: string[] = [];
    for (let i = 0; i < 22; i++) {
      const merchant = await createTestMerchant(scope, { name: `Shop ${i}` });
      await db().cryptoSettlement.create({
        data: {
          id: newId("crypto"),
          ...scope,
          merchantId: merchant.id,
          asset: usdcArbitrum,
          destination: `eip155:42161:0x${String(i + 1).padStart(40, "0")}`,
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
        },
      });
      names.push(merchant.name);
    }
    const { merchants, total } = await listUnpayableMerchants(db(), scope);
    expect(total).toBe(22);
    expect(merchants.map((m) => m.name)).toEqual(names.reverse().slice(0, 20));
    expect(merchants[0]!.unverifiable).toEqual([usdcArbitrum]);
    expect(await listUnpayableMerchants(db(), { ...scope, mode: "test" })).toEqual({
      merchants: [],
      total: 0,
    });
  });
});
