import { expect, freshKey, test, type ApiClient } from "../support/api";
import { createMerchant } from "../support/merchants";
import { baseURL } from "../support/settings";

// Issue 19: 1,000 unauthenticated held polls on one payment slowed another tenant's API from 5 ms
// to seconds, each re-reading the database every 250 ms. Held polls are now capped per payment and
// per caller, wait on one shared notification, and another tenant's requests do not notice them.

async function newPayment(api: ApiClient) {
  const merchant = await createMerchant(api, { withUsdc: true });
  const created = await api.post(
    "/v1/payments",
    { referenceId: freshKey("held"), amount: { unit: "iso4217/USD", value: "700" } },
    { merchantId: merchant.id },
  );
  expect(created.status).toBe(201);
  return { merchantId: merchant.id, paymentId: created.body.id as string };
}

async function medianMs(times: number, request: () => Promise<unknown>): Promise<number> {
  const durations: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await request();
    durations.push(performance.now() - started);
  }
  durations.sort((x, y) => x - y);
  return durations[Math.floor(durations.length / 2)]!;
}

type Held = {
  answered: boolean;
  result: Promise<{ status: number; retryAfter: string | null; body: { status?: string; code?: string } }>;
};

function holdPoll(url: string, headers: Record<string, string>, signal: AbortSignal): Held {
  const held: Held = {
    answered: false,
    result: fetch(url, { headers, signal }).then(async (response) => {
      held.answered = true;
      return {
        status: response.status,
        retryAfter: response.headers.get("retry-after"),
        body: (await response.json()) as { status?: string; code?: string },
      };
    }),
  };
  held.result.catch(() => {});
  return held;
}

test("a flood of held polls on one payment is capped, woken by one notification, and another tenant does not notice", async ({
  apiAs,
  fixtures,
}) => {
  const apiA = apiAs({ "Api-Key": fixtures.accounts.a.keys.test });
  const apiB = apiAs({ "Api-Key": fixtures.accounts.b.keys.test });
  const target = await newPayment(apiA);
  const other = await newPayment(apiB);
  const otherTenant = () =>
    apiB.get(`/v1/payments/${other.paymentId}/status`, { merchantId: other.merchantId });
  const before = await medianMs(20, otherTenant);

  const stop = new AbortController();
  try {
    // 120 from the checkout (no credentials, one address) and 60 through the API with one key.
    const checkoutPolls = Array.from({ length: 120 }, () =>
      holdPoll(`${baseURL}/pay/${target.paymentId}/status?maxPollMs=30000`, {}, stop.signal),
    );
    const apiPolls = Array.from({ length: 60 }, () =>
      holdPoll(
        `${baseURL}/v1/payments/${target.paymentId}/status?maxPollMs=30000`,
        { "Api-Key": fixtures.accounts.a.keys.test, "Merchant-Id": target.merchantId },
        stop.signal,
      ),
    );
    const all = [...checkoutPolls, ...apiPolls];
    await expect.poll(() => all.filter((poll) => poll.answered).length, { timeout: 20_000 }).toBe(140);

    // Twenty per caller are held; every other one is told at once to come back later.
    for (const [polls, held] of [
      [checkoutPolls, 20],
      [apiPolls, 20],
    ] as const) {
      expect(polls.filter((poll) => !poll.answered)).toHaveLength(held);
      for (const poll of polls.filter((p) => p.answered)) {
        const answer = await poll.result;
        expect(answer.status).toBe(429);
        expect(answer.body.code).toBe("rate_limited");
        expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      }
    }

    // Forty polls held open: the other account's requests are as quick as before (within noise).
    const during = await medianMs(20, otherTenant);
    console.log(
      `other tenant's median status read: ${before.toFixed(1)} ms before, ${during.toFixed(1)} ms with 40 polls held and 140 refused`,
    );
    expect(during).toBeLessThan(before * 3 + 50);

    // One change wakes every held poll with the new status, well before the 5 s safety sweep.
    const woken = all.filter((poll) => !poll.answered);
    const changedAt = Date.now();
    expect(
      (await apiA.post(`/v1/test/payments/${target.paymentId}/simulate`, { outcome: "succeeded" })).status,
    ).toBe(200);
    const answers = await Promise.all(woken.map((poll) => poll.result));
    const wokenAfterMs = Date.now() - changedAt;
    console.log(`${woken.length} held polls answered ${wokenAfterMs} ms after the change`);
    expect(answers.map((a) => [a.status, a.body.status])).toEqual(Array(40).fill([200, "succeeded"]));
    expect(wokenAfterMs).toBeLessThan(4_000);

    // The places are given back: a new held poll on an open payment is accepted again.
    const next = await newPayment(apiA);
    const again = holdPoll(`${baseURL}/pay/${next.paymentId}/status?maxPollMs=500`, {}, stop.signal);
    expect((await again.result).status).toBe(200);
  } finally {
    stop.abort();
  }
});
