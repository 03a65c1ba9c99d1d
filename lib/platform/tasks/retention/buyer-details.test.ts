import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import { createTestAccount, withTestDatabase } from "@/lib/core/testing/test-database";
import { eraseOldBuyerDetails } from "./buyer-details";
import { dayMs } from "./retention-task";

withTestDatabase();

describe("buyer details retention", () => {
  it("erases the details given more than a year ago and keeps the payment, and those given since", async () => {
    const scope = await createTestAccount();
    const merchant = await db().merchant.create({
      data: { id: newId("mrch"), ...scope, name: "M", email: "m@shop.example" },
    });
    const now = new Date();
    const payment = (given: Date) =>
      db().payment.create({
        data: {
          id: newId("pay"),
          ...scope,
          merchantId: merchant.id,
          referenceId: "r",
          amountUnit: "iso4217/USD",
          amountValue: 100,
          expiresAt: now,
          collectedData: "v1.sealed",
          collectedDataAt: given,
        },
      });
    const old = await payment(new Date(now.getTime() - 365 * dayMs - 60_000));
    const recent = await payment(new Date(now.getTime() - 365 * dayMs + 60_000));

    expect(await eraseOldBuyerDetails(500, now)).toBe(1);
    expect(await db().payment.findUnique({ where: { id: old.id } })).toMatchObject({
      collectedData: null,
      collectedDataAt: null,
      referenceId: "r",
    });
    expect((await db().payment.findUnique({ where: { id: recent.id } }))?.collectedData).toBe("v1.sealed");
  });
});
