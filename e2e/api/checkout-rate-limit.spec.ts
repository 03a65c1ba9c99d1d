import { expect, test } from "../support/api";
import { newCheckoutPayment } from "../support/checkout";
import { baseURL } from "../support/settings";

// The checkout's public POST routes: twenty per payment and address at once, then one every 3 s.
test("a script hammering one payment's checkout routes is refused with 429 and Retry-After; other payments are unaffected", async ({
  api,
  request,
}) => {
  const first = await newCheckoutPayment(api);
  const second = await newCheckoutPayment(api);
  const settlementIdOf = async (merchantId: string) =>
    (await api.get(`/v1/merchants/${merchantId}/settlements`)).body.crypto[0].id as string;
  const choose = async (path: string, settlementId: string) => {
    const res = await request.post(`${path}/option`, {
      data: { settlementId },
      headers: { Origin: baseURL },
    });
    return { status: res.status(), retryAfter: res.headers()["retry-after"], body: await res.json() };
  };

  const settlementId = await settlementIdOf(first.merchant.id);
  // Twenty pass, then the first refusal, unless the bucket regained a token meanwhile (one per 3 s:
  // on a loaded machine twenty posts can take longer than that).
  const started = Date.now();
  const answers: Awaited<ReturnType<typeof choose>>[] = [];
  while (answers.length < 40 && answers.at(-1)?.status !== 429)
    answers.push(await choose(first.path, settlementId));
  const refills = Math.floor((Date.now() - started) / 3_000);
  const refused = answers.at(-1)!;
  expect(refused.status).toBe(429);
  expect(answers.length - 1).toBeGreaterThanOrEqual(20);
  expect(answers.length - 1).toBeLessThanOrEqual(20 + refills);
  expect(answers.slice(0, -1).every((a) => a.status === 200)).toBe(true);
  expect(refused.body).toMatchObject({
    code: "rate_limited",
    message: expect.stringContaining("Too many attempts on this payment"),
  });
  expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
  // The other checkout routes of the same payment draw from the same bucket.
  const submitted = await request.post(`${first.path}/transactions`, {
    data: { settlementId, txHash: `0x${"ab".repeat(32)}` },
    headers: { Origin: baseURL },
  });
  expect(submitted.status()).toBe(429);

  expect((await choose(second.path, await settlementIdOf(second.merchant.id))).status).toBe(200);
});

// Each of the checkout's POST routes is declared once with its origin rule (lib/platform/checkout/routes; the
// unit test there covers every declared route): from another site every one answers the same 403.
test("every checkout POST route refuses a cross-site post with the same 403 Error object", async ({
  api,
  request,
}) => {
  const { path } = await newCheckoutPayment(api);
  const answers = [];
  for (const route of ["option", "simulate", "outcome", "transactions", "wallet/options", "wallet/confirm"]) {
    const res = await request.post(`${path}/${route}`, {
      data: {},
      headers: { Origin: "https://evil.example" },
    });
    answers.push({ route, status: res.status(), body: await res.json() });
  }
  for (const answer of answers)
    expect(answer).toEqual({
      route: answer.route,
      status: 403,
      body: {
        code: "forbidden",
        message: "This action is only available from the payment's own checkout page.",
      },
    });
  const unknown = await request.post(`${path}/wallet/nothing`, { data: {}, headers: { Origin: baseURL } });
  expect(unknown.status()).toBe(404);
  expect((await unknown.json()).code).toBe("not_found");
});
