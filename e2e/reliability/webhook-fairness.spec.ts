import { expect, test } from "../support/api";
import { createMerchant } from "../support/merchants";
import { WebhookReceiver } from "../support/webhook-receiver";

// Head-of-line blocking (issue 19): one account's endpoints that never answer must not hold back
// another account's deliveries. Bounded load: account B fills its endpoint allowance with
// endpoints that hang, and sends them two events each.
test("another account's slow endpoints do not delay a delivery, and an account's endpoints are capped", async ({
  api,
  apiAs,
  fixtures,
}) => {
  const other = apiAs({ "Api-Key": fixtures.accounts.b.keys.test });
  const receiver = await WebhookReceiver.start();
  receiver.respond((delivery) => (delivery.path.startsWith("/slow") ? "hang" : 200));
  const slow: string[] = [];
  try {
    // Up to the cap (other specs may have left an endpoint or two in this account and mode).
    let refused;
    for (let i = 0; i < 17 && !refused; i++) {
      const res = await other.post("/v1/webhook-endpoints", {
        url: receiver.url(`/slow-${i}`),
        events: ["*"],
      });
      if (res.status === 201) slow.push(res.body.id);
      else refused = res;
    }
    expect(refused?.status).toBe(409);
    expect(refused?.body).toMatchObject({
      code: "conflict",
      message: expect.stringContaining("16 webhook endpoints in test mode"),
    });
    expect(slow.length).toBeGreaterThanOrEqual(12);

    const merchantB = await createMerchant(other);
    for (const n of [1, 2])
      expect(
        (
          await other.post(
            "/v1/payments",
            { referenceId: `hol-${n}`, amount: { unit: "iso4217/USD", value: "100" } },
            { merchantId: merchantB.id },
          )
        ).status,
      ).toBe(201);
    const slowSeen = () => receiver.deliveries.filter((d) => d.path.startsWith("/slow"));
    await expect.poll(() => slowSeen().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(10);

    const fast = await api.post("/v1/webhook-endpoints", {
      url: receiver.url("/fast"),
      events: ["payment.created"],
    });
    expect(fast.status).toBe(201);
    try {
      const merchantA = await createMerchant(api);
      const payment = await api.post(
        "/v1/payments",
        { referenceId: "hol-fast", amount: { unit: "iso4217/USD", value: "100" } },
        { merchantId: merchantA.id },
      );
      const [arrived] = await receiver.waitFor(
        "/fast",
        (d) => d.some((x) => x.event?.data?.object?.id === payment.body.id),
        "the other account's payment.created",
      );
      // Each slow endpoint holds at most one attempt at a time, and A's event did not queue behind
      // B's backlog: fewer slow requests came before it than B has endpoints (B sent two events each).
      const before = slowSeen().filter((d) => d.receivedAt <= arrived!.receivedAt);
      console.log(
        `[webhook-fairness] ${slow.length} hanging endpoints; ${before.length} of their requests arrived before the other account's event`,
      );
      expect(before.length).toBeLessThanOrEqual(slow.length);
      expect(new Set(before.map((d) => d.path)).size).toBe(before.length);
    } finally {
      await api.delete(`/v1/webhook-endpoints/${fast.body.id}`);
    }
  } finally {
    for (const id of slow) await other.delete(`/v1/webhook-endpoints/${id}`);
    receiver.release();
    await receiver.close();
  }
});
