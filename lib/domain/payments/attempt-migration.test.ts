import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsDir } from "@/lib/core/db/migrate";
import { openPglite } from "@/lib/core/db/pglite";

// The migration that made PaymentAttempt moves what a database already holds: the gateway's
// options keep their ids, and each payment's chosen option (stored on the payment before) becomes
// the attempt it names. Run on the embedded database; the same SQL runs on PostgreSQL.
const migration = "20261126232546_payment_attempt";
const pglite = openPglite();
afterAll(() => pglite.close(), 60_000);

const sql = (name: string) => fs.readFileSync(path.join(migrationsDir, name, "migration.sql"), "utf8");

describe("the payment_attempt migration", () => {
  it("makes the confirmed option a payment copied its attempt, and any other chosen option a transfer attempt", async () => {
    const before = fs
      .readdirSync(migrationsDir)
      .filter((name) => /^\d{14}_/.test(name) && name < migration)
      .sort();
    for (const name of before) await pglite.exec(sql(name));
    await pglite.exec(`
      INSERT INTO "Account" (id, name, "apiVersion") VALUES ('acct_m', 'M', '2025-01-01');
      INSERT INTO "Merchant" (id, "accountId", mode, name, email, "updatedAt") VALUES ('mrch_m', 'acct_m', 'live', 'Shop', 's@x', now());
      INSERT INTO "CryptoSettlement" (id, "accountId", mode, "merchantId", asset, destination, "updatedAt")
        VALUES ('crypto_1', 'acct_m', 'live', 'mrch_m', 'eip155:8453/erc20:0xaa', 'eip155:8453:0xdd', now());
      INSERT INTO "Payment" (id, "accountId", mode, "merchantId", "referenceId", "amountUnit", "amountValue", status, "expiresAt", "updatedAt",
                             "optionSettlementId", "optionAsset", "optionDestination", "optionValue", "quotedAt", "txId", "paidValue", "payerAddress")
        VALUES ('pay_gateway', 'acct_m', 'live', 'mrch_m', 'r1', 'iso4217/USD', 1000, 'succeeded', now() + interval '1 hour', now(),
                'crypto_1', 'eip155:8453/erc20:0xaa', 'eip155:8453:0xdd', 10000000, '2026-11-26 10:00:00', '0xtx', 10000000, '0xpp'),
               ('pay_checkout', 'acct_m', 'live', 'mrch_m', 'r2', 'iso4217/USD', 500, 'requires_action', now() + interval '1 hour', now(),
                NULL, 'eip155:8453/erc20:0xaa', 'eip155:8453:0xdd', 5000000, '2026-11-26 11:00:00', NULL, NULL, NULL);
      INSERT INTO "Payment" (id, "accountId", mode, "merchantId", "referenceId", "amountUnit", "amountValue", status, "expiresAt", "updatedAt")
        VALUES ('pay_open', 'acct_m', 'live', 'mrch_m', 'r3', 'iso4217/USD', 500, 'requires_action', now() + interval '1 hour', now());
      INSERT INTO "GatewayOption" (id, "accountId", mode, "paymentId", "settlementId", asset, destination, payer, value, method, "expiresAt", "createdAt", "confirmedAt", result)
        VALUES ('opt_quoted', 'acct_m', 'live', 'pay_gateway', 'crypto_1', 'eip155:8453/erc20:0xaa', 'eip155:8453:0xdd', 'eip155:8453:0x01', 10000000, 'eip3009', now(), '2026-11-26 10:00:00', NULL, NULL),
               ('opt_confirmed', 'acct_m', 'live', 'pay_gateway', 'crypto_1', 'eip155:8453/erc20:0xaa', 'eip155:8453:0xdd', 'eip155:8453:0x02', 10000000, 'eip3009', now(), '2026-11-26 10:00:00', now(), '0xsig'),
               ('opt_gone', 'acct_m', 'live', 'pay_gateway', 'crypto_gone', 'eip155:8453/erc20:0xaa', 'eip155:8453:0xdd', 'eip155:8453:0x03', 10000000, 'transaction', now(), '2026-11-26 09:00:00', NULL, NULL);
    `);
    await pglite.exec(sql(migration));

    const payments = await pglite.query<{ id: string; attemptId: string | null }>(
      `SELECT id, "attemptId" FROM "Payment" ORDER BY id`,
    );
    const made = payments.rows.find((p) => p.id === "pay_checkout")!.attemptId;
    expect(payments.rows).toEqual([
      { id: "pay_checkout", attemptId: expect.stringMatching(/^opt_[0-9a-f]{24}$/) },
      { id: "pay_gateway", attemptId: "opt_confirmed" },
      { id: "pay_open", attemptId: null },
    ]);
    const attempts = await pglite.query(
      `SELECT id, "paymentId", "settlementId", payer, method, value::text, "createdAt" FROM "PaymentAttempt" ORDER BY "paymentId", id`,
    );
    expect(attempts.rows).toEqual([
      {
        id: made,
        paymentId: "pay_checkout",
        settlementId: null,
        payer: null,
        method: "transfer",
        value: "5000000",
        createdAt: new Date("2026-11-26T11:00:00Z"),
      },
      expect.objectContaining({ id: "opt_confirmed", settlementId: "crypto_1", method: "eip3009" }),
      // An option of a settlement deleted since keeps its asset and destination, without the settlement.
      expect.objectContaining({ id: "opt_gone", settlementId: null, method: "transaction" }),
      expect.objectContaining({ id: "opt_quoted", payer: "eip155:8453:0x01" }),
    ]);
    const columns = await pglite.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'Payment' AND column_name LIKE 'option%' OR column_name = 'quotedAt'`,
    );
    expect(columns.rows).toEqual([]);
  }, 180_000);
});
