import { expect, test } from "../support/api";
import { newCheckoutPayment } from "../support/checkout";
import { baseURL } from "../support/settings";

// The checkout's public POST routes: twenty per payment and address at once, then one every 3 s.
test("a script hammering one payment's checkout routes is refused with 429 and Retry-After; other payments are unaffected", async ({ api, request }) => {
  const first = await newCheckoutPayment(api);
  const second = await newCheckoutPayment(api);
  const settlementIdOf = async (merchantId: string) => (await api.get(`/v1/merchants/${merchantId}/settlements`)).body.crypto[0].id as string;
  const choose = async (path: string, settlementId: string) => {
    const res = await request.post(`${path}/option`, { data: { settlementId }, headers: { Origin: baseURL } });
    return { status: res.status(), retryAfter: res.headers()["retry-after"], body: await res.json() };
  };

  const settlementId = await settlementIdOf(first.merchant.id);
  const answers = [];
  for (let i = 0; i < 21; i++) answers.push(await choose(first.path, settlementId));
  expect(answers.slice(0, 20).map((a) => a.status)).toEqual(Array(20).fill(200));
  const refused = answers[20]!;
  expect(refused.status).toBe(429);
  expect(refused.body).toMatchObject({ code: "rate_limited", message: expect.stringContaining("Too many attempts on this payment") });
  expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
  // The other checkout routes of the same payment draw from the same bucket.
  const submitted = await request.post(`${first.path}/transactions`, { data: { settlementId, txHash: `0x${"ab".repeat(32)}` } });
  expect(submitted.status()).toBe(429);

  expect((await choose(second.path, await settlementIdOf(second.merchant.id))).status).toBe(200);
});
