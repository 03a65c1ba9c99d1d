import { verifyTollgateSignature } from "@/lib/domain/webhooks/verify";
import { expect, freshKey, test, type ApiClient } from "../support/api";
import { createMerchant, sampleAddress, usdcBase } from "../support/merchants";
import { useWebhookEndpoints } from "../support/webhook-endpoints";
import type { Delivery } from "../support/webhook-receiver";

const usd = (value: string) => ({ unit: "iso4217/USD", value });
let n = 0;
const hooks = useWebhookEndpoints();

async function addEndpoint(api: ApiClient, body: Record<string, unknown> = {}) {
  const path = `/hooks/${Date.now()}-${++n}`;
  const { id, secret } = await hooks.add(api, path, body);
  return { path, id, secret };
}

async function paidPayment(api: ApiClient, merchantId: string, value = "1050") {
  const payment = await api.post(
    "/v1/payments",
    { referenceId: `wh-${Date.now()}`, amount: usd(value) },
    { merchantId },
  );
  expect(payment.status).toBe(201);
  expect(
    (await api.post(`/v1/test/payments/${payment.body.id}/simulate`, { outcome: "succeeded" })).status,
  ).toBe(200);
  return payment.body.id as string;
}

const ofType = (deliveries: Delivery[], type: string) => deliveries.filter((d) => d.event?.type === type);
const signedWith = (d: Delivery, secret: string) =>
  verifyTollgateSignature(d.body, d.headers["tollgate-signature"] as string, secret);

test.describe("webhook endpoints", () => {
  test("are created with a whsec_ secret shown once, then read, listed, updated and deleted", async ({
    api,
  }) => {
    const res = await api.post("/v1/webhook-endpoints", {
      url: hooks.receiver.url("/crud"),
      events: ["payment.succeeded", "payment.succeeded", "refund.succeeded"],
      description: "Orders service",
    });
    expect(res.status).toBe(201);
    hooks.track(api, res.body.id);
    expect(res.body).toMatchObject({
      url: hooks.receiver.url("/crud"),
      events: ["payment.succeeded", "refund.succeeded"],
      description: "Orders service",
      enabled: true,
      failingSince: null,
      disabledAt: null,
    });
    expect(res.body.id).toMatch(/^we_[0-9A-Za-z]{24}$/);
    expect(res.body.secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);

    const read = await api.get(`/v1/webhook-endpoints/${res.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).not.toHaveProperty("secret");
    const { secret, ...withoutSecret } = res.body;
    void secret;
    expect(read.body).toEqual(withoutSecret);
    const list = await api.get("/v1/webhook-endpoints?limit=200");
    expect(list.body.data.map((e: { id: string }) => e.id)).toContain(res.body.id);
    expect(JSON.stringify(list.body)).not.toContain("whsec_");

    const updated = await api.patch(`/v1/webhook-endpoints/${res.body.id}`, {
      events: ["*"],
      enabled: false,
      description: null,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      events: ["*"],
      enabled: false,
      description: null,
      url: hooks.receiver.url("/crud"),
    });

    expect((await api.delete(`/v1/webhook-endpoints/${res.body.id}`)).body).toEqual({
      id: res.body.id,
      deleted: true,
    });
    expect((await api.get(`/v1/webhook-endpoints/${res.body.id}`)).status).toBe(404);
    expect((await api.delete(`/v1/webhook-endpoints/${res.body.id}`)).status).toBe(404);
  });

  const invalid: [string, unknown, string][] = [
    ["plain http to another host", { url: "http://example.com/hook" }, "url"],
    ["not a URL", { url: "example.com/hook" }, "url"],
    ["ftp", { url: "ftp://example.com/hook" }, "url"],
    ["credentials in the URL", { url: "https://user:pw@example.com/hook" }, "url"],
    ["an unknown event type", { url: "https://example.com/hook", events: ["payment.refunded"] }, "events.0"],
    ["no event types", { url: "https://example.com/hook", events: [] }, "events"],
    [
      "the test event as a subscription",
      { url: "https://example.com/hook", events: ["webhook.test"] },
      "events.0",
    ],
    ["an unknown field", { url: "https://example.com/hook", secret: "mine" }, "secret"],
  ];
  for (const [label, body, field] of invalid) {
    test(`400 params_validation for ${label}, naming ${field}`, async ({ api }) => {
      const res = await api.post("/v1/webhook-endpoints", body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("params_validation");
      expect(res.body.details.fields).toHaveProperty([field]);
    });
  }

  test("an https URL is accepted, and an update is validated the same way", async ({ api }) => {
    const res = await api.post("/v1/webhook-endpoints", { url: "https://hooks.example.com/tollgate" });
    expect(res.status).toBe(201);
    hooks.track(api, res.body.id);
    expect(res.body.events).toEqual(["*"]);
    const bad = await api.patch(`/v1/webhook-endpoints/${res.body.id}`, {
      url: "http://hooks.example.com/tollgate",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields).toHaveProperty("url");
    expect((await api.patch(`/v1/webhook-endpoints/${res.body.id}`, {})).status).toBe(400);
  });

  test("are invisible to another account and to the other mode", async ({ api, apiAs, fixtures }) => {
    const endpoint = await addEndpoint(api);
    for (const key of [fixtures.accounts.b.keys.test, fixtures.accounts.a.keys.live]) {
      const other = apiAs({ "Api-Key": key });
      expect((await other.get(`/v1/webhook-endpoints/${endpoint.id}`)).status).toBe(404);
      expect((await other.patch(`/v1/webhook-endpoints/${endpoint.id}`, { enabled: false })).status).toBe(
        404,
      );
      expect((await other.post(`/v1/webhook-endpoints/${endpoint.id}/rotate-secret`)).status).toBe(404);
      expect((await other.get(`/v1/webhook-endpoints/${endpoint.id}/deliveries`)).status).toBe(404);
      expect((await other.delete(`/v1/webhook-endpoints/${endpoint.id}`)).status).toBe(404);
      expect(
        (await other.get("/v1/webhook-endpoints?limit=200")).body.data.map((e: { id: string }) => e.id),
      ).not.toContain(endpoint.id);
    }
    expect((await api.get(`/v1/webhook-endpoints/${endpoint.id}`)).body.enabled).toBe(true);
  });
});

test.describe("webhook deliveries", () => {
  test("a payment's whole life arrives signed: created, succeeded, then each refund, as full snapshots with the payment's version", async ({
    api,
  }) => {
    const endpoint = await addEndpoint(api);
    const merchant = await createMerchant(api, { withUsdc: true });
    const paymentId = await paidPayment(api, merchant.id);
    const partial = await api.post("/v1/refunds", {
      paymentId,
      amount: usd("300"),
      reason: "One item returned",
    });
    expect(partial.status).toBe(200);
    const rest = await api.post("/v1/refunds", { paymentId });
    expect(rest.status).toBe(200);

    const mine = (all: Delivery[]) =>
      all.filter(
        (d) => d.event?.data?.object?.id === paymentId || d.event?.data?.object?.paymentId === paymentId,
      );
    const deliveries = mine(
      await hooks.receiver.waitFor(endpoint.path, (all) => mine(all).length >= 6, "6 events of the payment"),
    );
    expect(deliveries.map((d) => d.event.type).sort()).toEqual([
      "payment.created",
      "payment.succeeded",
      "refund.created",
      "refund.created",
      "refund.succeeded",
      "refund.succeeded",
    ]);

    for (const d of deliveries) {
      expect(d.headers["content-type"]).toBe("application/json");
      expect(d.headers["tollgate-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(signedWith(d, endpoint.secret), `signature of ${d.event.type}`).toBe(true);
      expect(signedWith(d, "whsec_someoneelse")).toBe(false);
      expect(
        verifyTollgateSignature(
          d.body.replace("1050", "1051"),
          d.headers["tollgate-signature"] as string,
          endpoint.secret,
        ),
      ).toBe(false);
      expect(d.event.id).toMatch(/^evt_[0-9A-Za-z]{24}$/);
      expect(d.headers["tollgate-event-id"]).toBe(d.event.id);
      expect(d.event).toMatchObject({ mode: "test", createdAt: expect.any(String) });
    }
    expect(new Set(deliveries.map((d) => d.event.id)).size).toBe(6);

    const [createdEvent] = ofType(deliveries, "payment.created");
    expect(createdEvent!.event.data.object).toMatchObject({
      id: paymentId,
      merchantId: merchant.id,
      status: "requires_action",
      isFinal: false,
      version: 1,
      amount: usd("1050"),
      info: null,
    });
    const [succeeded] = ofType(deliveries, "payment.succeeded");
    expect(succeeded!.event.data.object).toMatchObject({
      id: paymentId,
      status: "succeeded",
      isFinal: true,
      version: 2,
      refundedAmount: usd("0"),
      info: { txId: `test:${paymentId}`, optionAmount: { unit: `caip19/${usdcBase}`, value: "10500000" } },
    });

    const refundEvents = ofType(deliveries, "refund.succeeded")
      .map((d) => d.event.data.object)
      .sort((a, b) => Number(a.payment.refundedAmount.value) - Number(b.payment.refundedAmount.value));
    expect(
      refundEvents.map((r) => [
        r.id,
        r.amount.value,
        r.status,
        r.payment.refundedAmount.value,
        r.payment.version,
      ]),
    ).toEqual([
      [partial.body.id, "300", "succeeded", "300", 2],
      [rest.body.id, "750", "succeeded", "1050", 2],
    ]);
    const refundCreated = ofType(deliveries, "refund.created").map((d) => d.event.data.object);
    expect(refundCreated.map((r) => r.status)).toEqual(["pending", "pending"]);
    expect(refundCreated.find((r) => r.id === partial.body.id)).toMatchObject({
      reason: "One item returned",
      txId: null,
      payment: { status: "succeeded", version: 2 },
    });

    // The log shows each as delivered on the first attempt (once the worker has recorded the answers it got).
    const logged = async () => {
      const log = await api.get(`/v1/webhook-endpoints/${endpoint.id}/deliveries?limit=200`);
      return log.body.data.filter((d: { eventId: string }) =>
        deliveries.some((x) => x.event.id === d.eventId),
      );
    };
    await expect
      .poll(async () => (await logged()).map((d: { status: string }) => d.status))
      .toEqual(Array(6).fill("succeeded"));
    for (const entry of await logged())
      expect(entry).toMatchObject({
        status: "succeeded",
        attempts: 1,
        responseStatus: 200,
        responseExcerpt: "ok",
        error: null,
        nextAttemptAt: null,
      });
  });

  test("an attempt answered with 500 is retried with backoff, and the log records each outcome", async ({
    api,
  }) => {
    const endpoint = await addEndpoint(api, { events: ["payment.cancelled"] });
    const failedOnce = new Set<string>();
    hooks.receiver.respond((d) => {
      if (d.path !== endpoint.path || failedOnce.has(d.event.id)) return 200;
      failedOnce.add(d.event.id);
      return 500;
    });
    const merchant = await createMerchant(api);
    const payment = await api.post(
      "/v1/payments",
      { referenceId: "retry", amount: usd("100") },
      { merchantId: merchant.id },
    );
    await api.post(`/v1/payments/${payment.body.id}/cancel`);

    const first = await hooks.receiver.waitFor(endpoint.path, (all) => all.length >= 1, "the first attempt");
    const deliveryLog = async () =>
      (await api.get(`/v1/webhook-endpoints/${endpoint.id}/deliveries`)).body.data[0];
    await expect.poll(deliveryLog, { timeout: 5_000 }).toMatchObject({
      status: "pending",
      attempts: 1,
      responseStatus: 500,
      responseExcerpt: "receiver says 500",
      error: "HTTP 500",
    });
    const afterFailure = await deliveryLog();
    expect(
      Date.parse(afterFailure.nextAttemptAt) - Date.parse(afterFailure.lastAttemptAt),
    ).toBeGreaterThanOrEqual(3_500);

    const both = await hooks.receiver.waitFor(endpoint.path, (all) => all.length >= 2, "the retry", 20_000);
    expect(both).toHaveLength(2);
    expect(both[1]!.event.id).toBe(first[0]!.event.id);
    expect(both[1]!.body).toBe(first[0]!.body);
    expect(both[1]!.receivedAt - first[0]!.receivedAt).toBeGreaterThanOrEqual(3_500);
    expect(signedWith(both[1]!, endpoint.secret)).toBe(true);
    await expect.poll(deliveryLog, { timeout: 5_000 }).toMatchObject({
      status: "succeeded",
      attempts: 2,
      responseStatus: 200,
      error: null,
      nextAttemptAt: null,
      eventType: "payment.cancelled",
    });
    expect((await deliveryLog()).durationMs).toBeGreaterThanOrEqual(0);
    expect((await api.get(`/v1/webhook-endpoints/${endpoint.id}`)).body.failingSince).toBeNull();
  });

  test("an endpoint gets only the types it subscribes to, and a disabled one gets nothing", async ({
    api,
  }) => {
    const settlementsOnly = await addEndpoint(api, { events: ["settlement.updated"] });
    const disabled = await addEndpoint(api, { enabled: false });
    const everything = await addEndpoint(api);
    const merchant = await createMerchant(api, { withUsdc: true });
    await paidPayment(api, merchant.id);

    const all = await hooks.receiver.waitFor(
      everything.path,
      (d) => ofType(d, "payment.succeeded").length + ofType(d, "settlement.updated").length >= 2,
      "the payment's and settlement's events",
    );
    expect(ofType(all, "settlement.updated")).toHaveLength(1);
    const settlements = await hooks.receiver.waitFor(
      settlementsOnly.path,
      (d) => d.length >= 1,
      "settlement.updated",
    );
    // Deliveries are queued with their events: once none of these endpoints' is pending, nothing more arrives.
    const pending = async () =>
      (
        await Promise.all(
          [settlementsOnly, disabled, everything].map(
            async (e) =>
              (await api.get(`/v1/webhook-endpoints/${e.id}/deliveries`)).body.data as { status: string }[],
          ),
        )
      )
        .flat()
        .filter((d) => d.status === "pending").length;
    await expect.poll(pending).toBe(0);
    expect(hooks.receiver.at(settlementsOnly.path).map((d) => d.event.type)).toEqual(["settlement.updated"]);
    expect(settlements[0]!.event.data.object).toMatchObject({
      merchantId: merchant.id,
      fiat: [],
      crypto: [{ asset: usdcBase, destination: `eip155:8453:${sampleAddress}` }],
    });
    expect(hooks.receiver.at(disabled.path)).toHaveLength(0);
  });

  test("send test event and redeliver reach the endpoint again, signed", async ({ api }) => {
    const endpoint = await addEndpoint(api, { events: ["payment.created"] });
    const test = await api.post(`/v1/webhook-endpoints/${endpoint.id}/test`);
    expect(test.status).toBe(201);
    expect(test.body).toMatchObject({
      endpointId: endpoint.id,
      eventType: "webhook.test",
      status: "pending",
      attempts: 0,
    });
    const [ping] = await hooks.receiver.waitFor(endpoint.path, (d) => d.length >= 1, "the test event");
    expect(ping!.event).toMatchObject({
      id: test.body.eventId,
      type: "webhook.test",
      data: { object: { endpointId: endpoint.id } },
    });
    expect(signedWith(ping!, endpoint.secret)).toBe(true);
    await expect
      .poll(
        async () => (await api.get(`/v1/webhook-endpoints/${endpoint.id}/deliveries`)).body.data[0].status,
      )
      .toBe("succeeded");

    const again = await api.post(
      `/v1/webhook-endpoints/${endpoint.id}/deliveries/${test.body.id}/redeliver`,
      undefined,
      { idempotencyKey: freshKey("redeliver") },
    );
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: test.body.id, status: "pending" });
    const twice = await hooks.receiver.waitFor(endpoint.path, (d) => d.length >= 2, "the redelivery");
    expect(twice[1]!.event.id).toBe(test.body.eventId);
    await expect
      .poll(async () => (await api.get(`/v1/webhook-endpoints/${endpoint.id}/deliveries`)).body.data[0])
      .toMatchObject({ status: "succeeded", attempts: 2 });

    expect(
      (
        await api.post(
          `/v1/webhook-endpoints/${endpoint.id}/deliveries/whd_000000000000000000000000/redeliver`,
        )
      ).status,
    ).toBe(404);
    await api.patch(`/v1/webhook-endpoints/${endpoint.id}`, { enabled: false });
    const refused = await api.post(`/v1/webhook-endpoints/${endpoint.id}/test`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("disabled");
  });

  test("after a secret rotation deliveries are signed with the new secret only", async ({ api }) => {
    const endpoint = await addEndpoint(api, { events: ["payment.created"] });
    const rotated = await api.post(`/v1/webhook-endpoints/${endpoint.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.id).toBe(endpoint.id);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(endpoint.secret);
    const merchant = await createMerchant(api);
    await api.post(
      "/v1/payments",
      { referenceId: "rotated", amount: usd("100") },
      { merchantId: merchant.id },
    );
    const [d] = await hooks.receiver.waitFor(endpoint.path, (all) => all.length >= 1, "payment.created");
    expect(signedWith(d!, rotated.body.secret)).toBe(true);
    expect(signedWith(d!, endpoint.secret)).toBe(false);
  });
});
