import { describe, expect, it } from "vitest";
import { db, type Mode } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import { createPayment } from "@/lib/domain/payments/create-payment";
import { transitionPayment } from "@/lib/domain/payments/transition";
import { CreatePaymentBodySchema } from "@/lib/domain/schemas/payment";
import { createTestAccount, withTestDatabase } from "@/lib/core/testing/test-database";

withTestDatabase();

async function paidWithReceiptTo(
  mode: Mode,
  buyerEmail: string,
  teammate?: { email: string; verified: boolean },
) {
  const scope = await createTestAccount(mode);
  if (teammate) {
    const userId = newId("user");
    await db().user.create({
      data: {
        id: userId,
        email: teammate.email,
        name: "Tess",
        passwordHash: "x",
        emailVerifiedAt: teammate.verified ? new Date() : null,
      },
    });
    await db().membership.create({
      data: { id: newId("mem"), accountId: scope.accountId, userId, role: "developer" },
    });
  }
  const merchant = await db().merchant.create({
    data: { id: newId("mrch"), ...scope, name: "Shop <script>", email: "shop@example.com" },
  });
  const { payment, receiptWarnings } = await createPayment(
    { tx: db(), scope, actor: "system" },
    merchant.id,
    CreatePaymentBodySchema.parse({
      referenceId: "r",
      amount: { unit: "iso4217/USD", value: "1050" },
      buyerEmail,
    }),
  );
  await db().$transaction((tx) =>
    transitionPayment(tx, payment, "succeeded", { actor: "system", patch: { txId: "test:1" } }),
  );
  const [mail] = await db().outboundEmail.findMany({ where: { accountId: scope.accountId } });
  return { mail: mail!, receiptWarnings };
}

describe("a payment's receipt", () => {
  it("in test mode is mailed to a verified member of the team, whatever the address's case", async () => {
    const { mail, receiptWarnings } = await paidWithReceiptTo("test", "Tess@Team.example", {
      email: "tess@team.example",
      verified: true,
    });
    expect(mail).toMatchObject({ status: "pending", to: "Tess@Team.example" });
    expect(receiptWarnings).toEqual([]);
  });

  it("in test mode is kept, unsent, for anyone else (an unconfirmed member too), and the create answer says so", async () => {
    for (const teammate of [undefined, { email: "new@team.example", verified: false }]) {
      const { mail, receiptWarnings } = await paidWithReceiptTo("test", "new@team.example", teammate);
      expect(mail.status).toBe("kept");
      expect(receiptWarnings).toEqual([
        { code: "receipt_not_mailed", message: expect.stringContaining("kept in the dev outbox") },
      ]);
    }
  });

  it("in live mode is mailed to the buyer, under a subject the merchant does not choose", async () => {
    const { mail, receiptWarnings } = await paidWithReceiptTo("live", "buyer@example.com");
    expect(mail).toMatchObject({
      status: "pending",
      subject: expect.stringMatching(/^Your receipt from Tollgate \(pay_/),
    });
    expect(mail.html).toContain("Shop &lt;script&gt;");
    expect(receiptWarnings).toEqual([]);
  });
});
