import { expect, test, type ApiClient } from "./api";
import { WebhookReceiver } from "./webhook-receiver";

/**
 * A spec's webhook receiver, started once for the spec, and the endpoints its tests add: each test's
 * endpoints are deleted after it (left behind, they would receive every later test's events) and the
 * receiver answers 200 again. Call it at the top level of a spec.
 */
export function useWebhookEndpoints() {
  let started: WebhookReceiver | undefined;
  const created: { api: ApiClient; id: string }[] = [];
  test.beforeAll(async () => {
    started = await WebhookReceiver.start();
  });
  test.afterAll(async () => started?.close());
  test.afterEach(async () => {
    for (const { api, id } of created.splice(0)) await api.delete(`/v1/webhook-endpoints/${id}`);
    started?.respond(() => 200);
  });
  const receiver = () => {
    if (!started) throw new Error("useWebhookEndpoints: the receiver starts in beforeAll");
    return started;
  };
  return {
    get receiver() {
      return receiver();
    },
    /** Deletes this endpoint after the test. */
    track(api: ApiClient, id: string) {
      created.push({ api, id });
    },
    /** Adds an endpoint that delivers to the receiver's `path` (expects 201); deleted after the test. */
    async add(api: ApiClient, path: string, body: Record<string, unknown> = {}) {
      const res = await api.post("/v1/webhook-endpoints", { url: receiver().url(path), ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      created.push({ api, id: res.body.id });
      return res.body as { id: string; secret: string };
    },
  };
}
