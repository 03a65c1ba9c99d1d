import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { stateDir } from "./settings";
import { sampleAddress, usdcBase } from "./merchants";

export type SeededPayment = { id: string; referenceId: string; merchantId: string; value: string; status: string; createdAt: string };
export type SeededPayments = { merchants: { id: string; name: string }[]; payments: SeededPayment[]; seconds: number };

const total = 1_000;
const parallel = 25;

/**
 * At least 1,000 test-mode payments over three merchants, created through the public API with a
 * fixture key (as a merchant's server would), some then settled, cancelled or failed. Kept in the
 * test server's state directory, so a retried worker reuses them instead of seeding twice.
 *
 * Payment i belongs to merchant i % 3, is worth 100 + i cents and has reference `seed-<i>`. Merchant 0
 * settles USDC on Base, so its payments can succeed: those with i divisible by 6 do. Of the rest,
 * those with i divisible by 7 are cancelled and then those divisible by 11 fail. They expire in a week, so none expires while the tests run.
 */
export async function seedPayments(request: APIRequestContext, apiKey: string): Promise<SeededPayments> {
  const file = path.join(stateDir, `seeded-payments-${apiKey.slice(-8)}.json`);
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, "utf8")) as SeededPayments;
  const started = Date.now();
  const call = (method: string, url: string, body: unknown, headers: Record<string, string> = {}) => send(request, method, url, body, { "Api-Key": apiKey, ...headers });

  const merchants: { id: string; name: string }[] = [];
  for (const name of ["Seed Coffee", "Seed Books", "Seed Garden"]) {
    const created = await call("POST", "/v1/merchants", { merchantName: name, merchantEmail: `${name.split(" ")[1]!.toLowerCase()}@seed.example` }, { "Idempotency-Key": `seed-${name}-${started}` });
    merchants.push(created.merchant as { id: string; name: string });
  }
  await call("POST", `/v1/merchants/${merchants[0]!.id}/settlements/crypto`, { settlements: [{ asset: usdcBase, destination: `eip155:8453:${sampleAddress}` }] }, { "Idempotency-Key": `seed-usdc-${started}` });

  const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const payments: SeededPayment[] = new Array(total);
  await inBatches(total, async (i) => {
    const merchant = merchants[i % merchants.length]!;
    const value = String(100 + i);
    const p = await call("POST", "/v1/payments", { referenceId: `seed-${i}`, amount: { unit: "iso4217/USD", value }, expiresAt }, { "Merchant-Id": merchant.id });
    payments[i] = { id: p.id, referenceId: p.referenceId, merchantId: merchant.id, value, status: p.status, createdAt: p.createdAt };
  });

  const outcome = (i: number) => (i % 6 === 0 ? "succeeded" : i % 7 === 0 ? "cancelled" : i % 11 === 0 ? "failed" : null);
  const settled = payments.map((p, i) => ({ p, outcome: outcome(i) })).filter((x) => x.outcome);
  await inBatches(settled.length, async (n) => {
    const { p, outcome } = settled[n]!;
    const result = await call("POST", `/v1/test/payments/${p.id}/simulate`, { outcome }, {});
    p.status = result.status;
  });

  const seeded = { merchants, payments, seconds: Math.round((Date.now() - started) / 100) / 10 };
  fs.writeFileSync(file, JSON.stringify(seeded));
  return seeded;
}

async function inBatches(count: number, run: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: parallel }, async () => {
    while (next < count) await run(next++);
  }));
}

/** One API call; waits out a 429 as its Retry-After asks. */
async function send(request: APIRequestContext, method: string, url: string, body: unknown, headers: Record<string, string>) {
  for (let attempt = 0; ; attempt++) {
    const response = await request.fetch(url, { method, headers: { ...headers, "Content-Type": "application/json" }, data: JSON.stringify(body), failOnStatusCode: false });
    if (response.status() === 429 && attempt < 20) {
      await new Promise((resolve) => setTimeout(resolve, Number(response.headers()["retry-after"] ?? 1) * 1000));
      continue;
    }
    const json = await response.json();
    if (!response.ok()) throw new Error(`${method} ${url} → ${response.status()} ${JSON.stringify(json)}`);
    return json;
  }
}
