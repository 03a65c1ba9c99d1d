import { scratchDatabase } from "../reliability/scratch-server";
import { ApiClient, expect, freshKey, test } from "../support/api";
import { createMerchant } from "../support/merchants";
import { extraPort } from "../support/settings";

// `npm run serve:api` (lib/platform/server/start-api.ts, bundled by `npm run build` into .next-api/server.mjs
// for plain node): the API without Next, on a database of its own, which it migrates and seeds like
// the full server. It answers /v1 and /api/health with the same guards, and nothing of the
// dashboard or the checkout.

test("the API-only server migrates a fresh database, creates and polls a payment, and serves no dashboard", async ({
  playwright,
  documents,
}) => {
  test.setTimeout(180_000);
  const scratch = await scratchDatabase("apionly", {}, { fresh: true });
  const server = await scratch.start(extraPort(2), ".next-api/server.mjs");
  const context = await playwright.request.newContext({ baseURL: server.url });
  try {
    expect(server.output()).toContain("Tollgate API ready on");
    const health = await context.get("/api/health");
    expect(health.status()).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok", database: { reachable: true } });
    expect(health.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(health.headers()["x-frame-options"]).toBe("DENY");

    const api = new ApiClient(context, documents, { "Api-Key": scratch.testKey() });
    const merchant = await createMerchant(api, { withUsdc: true });
    const idempotencyKey = freshKey("api-only");
    const body = { referenceId: "api-only-1", amount: { unit: "iso4217/USD", value: "1050" } };
    const created = await api.post("/v1/payments", body, { merchantId: merchant.id, idempotencyKey });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: "requires_action", isFinal: false, amount: body.amount });
    const replayed = await api.post("/v1/payments", body, { merchantId: merchant.id, idempotencyKey });
    expect(replayed.headers["idempotent-replayed"]).toBe("true");
    expect(replayed.body.id).toBe(created.body.id);

    const poll = () => api.get(`/v1/payments/${created.body.id}/status`, { merchantId: merchant.id });
    expect((await poll()).body).toMatchObject({ status: "requires_action", isFinal: false });
    const simulated = await api.post(`/v1/test/payments/${created.body.id}/simulate`, {
      outcome: "succeeded",
    });
    expect(simulated.status, JSON.stringify(simulated.body)).toBe(200);
    expect((await poll()).body).toMatchObject({ status: "succeeded", isFinal: true });

    const spec = await context.get("/v1/openapi.json");
    expect(spec.status()).toBe(200);
    expect((await spec.json()).openapi).toMatch(/^3\./);

    for (const path of ["/", "/test/payments", `/pay/${created.body.id}`, "/api/auth/csrf"]) {
      const page = await context.get(path, { maxRedirects: 0 });
      expect(page.status(), path).toBe(404);
      expect(page.headers()["content-type"], path).toContain("application/json");
      expect(page.headers()["content-security-policy"], path).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
    }
  } finally {
    await context.dispose();
    await server.stop();
    await scratch.drop();
  }
});
