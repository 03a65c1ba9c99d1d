import fs from "node:fs";
import path from "node:path";
import { stateDir } from "./settings";
import { sampleAddress, usdcBase } from "./merchants";
import { seedPaymentRows } from "./test-control";

export type SeededPayment = {
  id: string;
  referenceId: string;
  merchantId: string;
  value: string;
  status: string;
  createdAt: string;
};
export type SeededPayments = {
  merchants: { id: string; name: string }[];
  payments: SeededPayment[];
  seconds: number;
};

const total = 1_000;

/**
 * At least 1,000 test-mode payments over three merchants, written as the fixture key would write
 * them through the public API (by the test server's payments fixture, with the API's own schemas and
 * domain functions), some then settled, cancelled or failed. Kept in the test server's state
 * directory, so a retried worker reuses them instead of seeding twice.
 *
 * Payment i belongs to merchant i % 3, is worth 100 + i cents and has reference `seed-<i>`. Merchant 0
 * settles USDC on Base, so its payments can succeed: those with i divisible by 6 do. Of the rest,
 * those with i divisible by 7 are cancelled and then those divisible by 11 fail. They expire in a week, so none expires while the tests run.
 */
export async function seedPayments(apiKey: string): Promise<SeededPayments> {
  const file = path.join(stateDir, `seeded-payments-${apiKey.slice(-8)}.json`);
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, "utf8")) as SeededPayments;
  const started = Date.now();

  const merchants = ["Seed Coffee", "Seed Books", "Seed Garden"].map((name, m) => ({
    body: { merchantName: name, merchantEmail: `${name.split(" ")[1]!.toLowerCase()}@seed.example` },
    settlements:
      m === 0
        ? { settlements: [{ asset: usdcBase, destination: `eip155:8453:${sampleAddress}` }] }
        : undefined,
  }));
  const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const outcome = (i: number) =>
    i % 6 === 0 ? "succeeded" : i % 7 === 0 ? "cancelled" : i % 11 === 0 ? "failed" : undefined;
  const planned = Array.from({ length: total }, (_, i) => ({
    merchant: i % merchants.length,
    body: { referenceId: `seed-${i}`, amount: { unit: "iso4217/USD", value: String(100 + i) }, expiresAt },
    outcome: outcome(i),
  }));

  const rows = await seedPaymentRows({ apiKey, merchants, payments: planned });
  const payments = rows.payments.map((p, i) => ({
    id: p.id,
    referenceId: planned[i]!.body.referenceId,
    merchantId: rows.merchants[planned[i]!.merchant]!.id,
    value: planned[i]!.body.amount.value,
    status: p.status,
    createdAt: p.createdAt,
  }));
  const seeded = {
    merchants: rows.merchants,
    payments,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
  fs.writeFileSync(file, JSON.stringify(seeded));
  return seeded;
}
