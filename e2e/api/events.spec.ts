import { expect, freshKey, test, type ApiClient } from "../support/api";
import { createMerchant } from "../support/merchants";
import { useWebhookEndpoints } from "../support/webhook-endpoints";

// GET /v1/events and /v1/events/{id}; the bodies each delivery shows; and redelivering failed
// deliveries by time range, exactly once.

const usd = (value: string) => ({ unit: "iso4217/USD", value });
const hooks = useWebhookEndpoints();

async function addEndpoint(api: ApiClient, path: string, events = ["*"]) {
  return (await hooks.add(api, path, { events })).id;
}

test.describe("events", () => {
  test("are listed newest first, filtered by type, paged by cursor, and read one by one exactly as their webhook body", async ({
    api,
  }) => {
    const path = `/events-${Date.now()}`;
    await addEndpoint(api, path, ["payment.created", "payment.cancelled"]);
    const merchant = await createMerchant(api);
    const payment = await api.post(
      "/v1/payments",
      { referenceId: `evt-${Date.now()}`, amount: usd("700") },
      { merchantId: merchant.id },
    );
    expect(payment.status).toBe(201);
    expect((await api.post(`/v1/payments/${payment.body.id}/cancel`)).status).toBe(200);

    // Only this test's payment: the expiry sweep may record other payments' events meanwhile.
    const list = await api.get("/v1/events?limit=200");
    expect(list.status).toBe(200);
    const times = (list.body.data as { createdAt: string }[]).map((e) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const ours = (list.body.data as { id: string; type: string; data: { object: { id: string } } }[]).filter(
      (e) => e.data.object.id === payment.body.id,
    );
    expect(ours.map((e) => e.type)).toEqual(["payment.cancelled", "payment.created"]);
    const [cancelled, createdEvent] = ours;

    const onlyCreated = await api.get("/v1/events?type=payment.created&limit=200");
    expect(onlyCreated.status).toBe(200);
    expect(new Set(onlyCreated.body.data.map((e: { type: string }) => e.type))).toEqual(
      new Set(["payment.created"]),
    );
    expect(onlyCreated.body.data.map((e: { id: string }) => e.id)).toContain(createdEvent!.id);
    expect(onlyCreated.body.data.map((e: { id: string }) => e.id)).not.toContain(cancelled!.id);

    // Cancellations happen only when asked: a second one, then two pages of one hold both, newest first.
    const second = await api.post(
      "/v1/payments",
      { referenceId: `evt2-${Date.now()}`, amount: usd("800") },
      { merchantId: merchant.id },
    );
    expect((await api.post(`/v1/payments/${second.body.id}/cancel`)).status).toBe(200);
    const page1 = await api.get("/v1/events?type=payment.cancelled&limit=1");
    expect(page1.body.nextCursor).toEqual(expect.any(String));
    const page2 = await api.get(`/v1/events?type=payment.cancelled&limit=1&cursor=${page1.body.nextCursor}`);
    expect([page1.body.data[0].data.object.id, page2.body.data[0].data.object.id]).toEqual([
      second.body.id,
      payment.body.id,
    ]);

    const one = await api.get(`/v1/events/${createdEvent!.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(createdEvent);
    const received = await hooks.receiver.waitFor(
      path,
      (d) => d.some((x) => x.event.id === createdEvent!.id),
      "the payment.created webhook",
    );
    expect(JSON.parse(received.find((d) => d.event.id === createdEvent!.id)!.body)).toEqual(one.body);
  });

  const invalid: [string, string, number, string][] = [
    ["an unknown type", "/v1/events?type=payment.refunded", 400, "params_validation"],
    ["a forged cursor", "/v1/events?cursor=bm90LWEtY3Vyc29y", 400, "params_validation"],
    ["a limit over 200", "/v1/events?limit=201", 400, "params_validation"],
    ["an unknown query parameter", "/v1/events?merchant=x", 400, "params_validation"],
    ["an event that does not exist", "/v1/events/evt_000000000000000000000000", 404, "not_found"],
    ["a malformed event id", "/v1/events/not-an-id", 404, "not_found"],
  ];
  for (const [label, url, status, code] of invalid) {
    test(`${status} ${code} for ${label}`, async ({ api }) => {
      const res = await api.get(url);
      expect(res.status).toBe(status);
      expect(res.body.code).toBe(code);
    });
  }

  test("belong to their account and mode, and need the webhooks.read permission", async ({
    api,
    apiAs,
    fixtures,
  }) => {
    const merchant = await createMerchant(api);
    const payment = await api.post(
      "/v1/payments",
      { referenceId: `iso-${Date.now()}`, amount: usd("100") },
      { merchantId: merchant.id },
    );
    const event = (await api.get("/v1/events?type=payment.created&limit=1")).body.data[0];
    expect(event.data.object.id).toBe(payment.body.id);
    for (const key of [fixtures.accounts.a.keys.live, fixtures.accounts.b.keys.test]) {
      const other = apiAs({ "Api-Key": key });
      expect((await other.get(`/v1/events/${event.id}`)).status).toBe(404);
      expect(JSON.stringify((await other.get("/v1/events?limit=200")).body)).not.toContain(event.id);
    }
    const readOnly = await apiAs({ "Api-Key": fixtures.accounts.a.keys.testPaymentsReadOnly }).get(
      "/v1/events",
    );
    expect(readOnly.status).toBe(403);
    expect(readOnly.body).toMatchObject({
      code: "forbidden",
      message: "This API key does not have the webhooks.read permission.",
    });
    expect((await apiAs({}).get("/v1/events")).status).toBe(401);
  });
});

test("a delivery shows the body it POSTed and the receiver's answer", async ({ api }) => {
  const path = `/bodies-${Date.now()}`;
  const endpointId = await addEndpoint(api, path);
  const test1 = await api.post(`/v1/webhook-endpoints/${endpointId}/test`);
  expect(test1.status).toBe(201);
  const [delivered] = await hooks.receiver.waitFor(path, (d) => d.length === 1, "the test event");
  await expect
    .poll(async () => (await api.get(`/v1/webhook-endpoints/${endpointId}/deliveries`)).body.data[0].status)
    .toBe("succeeded");
  const [delivery] = (await api.get(`/v1/webhook-endpoints/${endpointId}/deliveries`)).body.data;
  expect(delivery.requestBody).toBe(delivered!.body);
  expect(JSON.parse(delivery.requestBody)).toEqual((await api.get(`/v1/events/${delivery.eventId}`)).body);
  expect(delivery.responseExcerpt).toBe("ok");
});

test.describe("redelivering failed deliveries by time range", () => {
  const range = () => ({
    from: new Date(Date.now() - 3_600_000).toISOString(),
    to: new Date(Date.now() + 60_000).toISOString(),
  });

  test("answers how many it queued, and a retry with the same Idempotency-Key gets that answer again, not a second batch", async ({
    api,
  }) => {
    const endpointId = await addEndpoint(api, `/bulk-${Date.now()}`);
    const body = range();
    const key = freshKey("bulk");
    const first = await api.post(`/v1/webhook-endpoints/${endpointId}/deliveries/redeliver-failed`, body, {
      idempotencyKey: key,
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ redelivered: 0, deliveryIds: [], hasMore: false });
    const again = await api.post(`/v1/webhook-endpoints/${endpointId}/deliveries/redeliver-failed`, body, {
      idempotencyKey: key,
    });
    expect(again.status).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.body).toEqual(first.body);
    const changed = await api.post(
      `/v1/webhook-endpoints/${endpointId}/deliveries/redeliver-failed`,
      { ...body, from: new Date(Date.now() - 7_200_000).toISOString() },
      { idempotencyKey: key },
    );
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe("idempotency_conflict");
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["to before from", { from: "2026-03-02T00:00:00.000Z", to: "2026-03-01T00:00:00.000Z" }, "to"],
    ["a range over 31 days", { from: "2026-01-01T00:00:00.000Z", to: "2026-03-01T00:00:00.000Z" }, "to"],
    ["a date that is not ISO 8601", { from: "yesterday", to: "2026-03-01T00:00:00.000Z" }, "from"],
    ["no to", { from: "2026-03-01T00:00:00.000Z" }, "to"],
    [
      "an unknown field",
      { from: "2026-03-01T00:00:00.000Z", to: "2026-03-02T00:00:00.000Z", status: "failed" },
      "status",
    ],
  ];
  for (const [label, body, field] of invalid) {
    test(`400 params_validation for ${label}, naming ${field}`, async ({ api }) => {
      const endpointId = await addEndpoint(api, `/bulk-invalid-${Date.now()}`);
      const res = await api.post(`/v1/webhook-endpoints/${endpointId}/deliveries/redeliver-failed`, body, {
        idempotencyKey: freshKey("bulk"),
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("params_validation");
      expect(Object.keys(res.body.details.fields)).toContain(field);
    });
  }

  test("needs an Idempotency-Key, an enabled endpoint of the caller's, and webhooks.write", async ({
    api,
    apiAs,
    fixtures,
  }) => {
    const endpointId = await addEndpoint(api, `/bulk-refused-${Date.now()}`);
    const url = `/v1/webhook-endpoints/${endpointId}/deliveries/redeliver-failed`;
    const noKey = await api.post(url, range());
    expect(noKey.status).toBe(400);
    expect(noKey.body.code).toBe("missing_idempotency_key");
    for (const key of [fixtures.accounts.a.keys.live, fixtures.accounts.b.keys.test]) {
      const res = await apiAs({ "Api-Key": key }).post(url, range(), { idempotencyKey: freshKey("bulk") });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("not_found");
    }
    const readOnly = await apiAs({ "Api-Key": fixtures.accounts.a.keys.testPaymentsReadOnly }).post(
      url,
      range(),
      { idempotencyKey: freshKey("bulk") },
    );
    expect(readOnly.status).toBe(403);
    expect((await api.patch(`/v1/webhook-endpoints/${endpointId}`, { enabled: false })).status).toBe(200);
    const disabled = await api.post(url, range(), { idempotencyKey: freshKey("bulk") });
    expect(disabled.status).toBe(409);
    expect(disabled.body).toMatchObject({
      code: "conflict",
      message: "This endpoint is disabled. Enable it first, then redeliver.",
    });
  });
});
