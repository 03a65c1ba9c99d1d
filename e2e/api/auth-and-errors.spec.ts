import { expect, freshKey, test } from "../support/api";
import { createMerchant } from "../support/merchants";

// The per-key rate limit (429 with Retry-After, then recovery) is lib/platform/api/rate-limit.test.ts.

test.describe("authentication", () => {
  test("no key is 401 missing_api_key", async ({ apiAs }) => {
    const res = await apiAs().get("/v1/merchants");
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: "missing_api_key" });
  });

  for (const [label, key] of [
    ["malformed", "not-a-key"],
    ["unknown prefix", "svc_test_ZZZZZZZZ000000000000000000000000"],
    ["publishable-looking", "pk_test_123"],
  ] as const) {
    test(`a ${label} key is 401 invalid_api_key`, async ({ apiAs }) => {
      const res = await apiAs({ "Api-Key": key }).get("/v1/merchants");
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: "invalid_api_key" });
    });
  }

  test("a real key with one character changed is 401", async ({ apiAs, fixtures }) => {
    const key = fixtures.accounts.a.keys.test;
    const tampered = key.slice(0, -1) + (key.endsWith("A") ? "B" : "A");
    const res = await apiAs({ "Api-Key": tampered }).get("/v1/merchants");
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("invalid_api_key");
  });

  test("a key without the needed permission is 403 forbidden", async ({ apiAs, fixtures }) => {
    const readOnly = apiAs({ "Api-Key": fixtures.accounts.a.keys.testPaymentsReadOnly });
    const res = await readOnly.post(
      "/v1/merchants",
      { merchantName: "X", merchantEmail: "x@y.co" },
      {
        idempotencyKey: freshKey(),
        beyondWalletConnect: "WalletConnect Pay has no per-key permissions (403)",
      },
    );
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: "forbidden" });
    expect((await readOnly.get("/v1/payments")).status).toBe(200);
  });

  test("a live key cannot call the test-only simulate operation", async ({ apiAs, fixtures }) => {
    const res = await apiAs({ "Api-Key": fixtures.accounts.a.keys.live }).post(
      "/v1/test/payments/pay_000000000000000000000000/simulate",
      { outcome: "succeeded" },
    );
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden");
  });

  test("App-Id + Client-Id may read payment status and nothing that manages merchants", async ({
    api,
    apiAs,
    fixtures,
  }) => {
    const merchant = await createMerchant(api);
    const payment = await api.post(
      "/v1/payments",
      { referenceId: "app-read", amount: { unit: "iso4217/USD", value: "500" } },
      { merchantId: merchant.id },
    );
    const wallet = apiAs({ "App-Id": fixtures.accounts.a.testAppId, "Client-Id": "wallet-install-42" });

    const status = await wallet.get(`/v1/payments/${payment.body.id}/status`, { merchantId: merchant.id });
    expect(status.status).toBe(200);
    expect(status.body).toEqual({ status: "requires_action", isFinal: false, pollInMs: 2000, info: null });

    const appOnly =
      "an App-Id on a secret-key operation is 403, which WalletConnect Pay's document does not list";
    for (const res of [
      await wallet.get("/v1/merchants", { beyondWalletConnect: appOnly }),
      await wallet.get(`/v1/payments/${payment.body.id}`, { beyondWalletConnect: appOnly }),
      await wallet.post(
        "/v1/merchants",
        { merchantName: "X", merchantEmail: "x@y.co" },
        { idempotencyKey: freshKey(), beyondWalletConnect: appOnly },
      ),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("forbidden");
    }
    const noClient = await apiAs({ "App-Id": fixtures.accounts.a.testAppId }).get(
      `/v1/payments/${payment.body.id}/status`,
      { merchantId: merchant.id },
    );
    expect(noClient.status).toBe(401);
    expect(noClient.body).toMatchObject({
      code: "missing_client_id",
      details: { fields: { "Client-Id": expect.any(String) } },
    });
    const unknownApp = await apiAs({ "App-Id": "app_000000000000000000000000", "Client-Id": "x" }).get(
      `/v1/payments/${payment.body.id}/status`,
      { merchantId: merchant.id },
    );
    expect(unknownApp.status).toBe(401);
    expect(unknownApp.body.code).toBe("invalid_app_id");
  });

  test("WalletConnect Pay's App-Id errors: both credentials, neither, or Client-Id alone", async ({
    api,
    apiAs,
    fixtures,
  }) => {
    const merchant = await createMerchant(api);
    const payment = (
      await api.post(
        "/v1/payments",
        { referenceId: "app-codes", amount: { unit: "iso4217/USD", value: "500" } },
        { merchantId: merchant.id },
      )
    ).body;
    const path = `/v1/gateway/payment/${payment.id}`;
    const cases: [Record<string, string>, number, string][] = [
      [
        {
          "Api-Key": fixtures.accounts.a.keys.test,
          "App-Id": fixtures.accounts.a.testAppId,
          "Client-Id": "w",
        },
        400,
        "conflicting_auth_headers",
      ],
      [{}, 401, "missing_auth_headers"],
      [{ "Client-Id": "w" }, 401, "missing_app_id"],
      [{ "App-Id": fixtures.accounts.a.testAppId }, 401, "missing_client_id"],
      [{ "App-Id": "app_000000000000000000000000", "Client-Id": "w" }, 401, "invalid_app_id"],
    ];
    for (const [headers, status, code] of cases) {
      const res = await apiAs(headers).get(path);
      expect([res.status, res.body.code], JSON.stringify(headers)).toEqual([status, code]);
    }
  });
});

test.describe("versioning", () => {
  test("responses carry the account's pinned version, and a request may name it", async ({ api }) => {
    expect((await api.get("/v1/merchants")).headers["tollgate-version"]).toBe("2026-02-19.preview");
    const pinned = await api.get("/v1/merchants", { headers: { "Tollgate-Version": "2026-02-19.preview" } });
    expect(pinned.status).toBe(200);
    expect(pinned.headers["tollgate-version"]).toBe("2026-02-19.preview");
  });

  for (const [value, code] of [
    ["yesterday", "invalid_api_version"],
    ["2026-13-45x", "invalid_api_version"],
    ["2099-01-01", "unknown_api_version"],
  ] as const) {
    test(`Tollgate-Version ${value} is 400 ${code}`, async ({ api }) => {
      const res = await api.get("/v1/merchants", {
        headers: { "Tollgate-Version": value },
        beyondWalletConnect: "WalletConnect Pay's merchant list lists no version error codes",
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
    });
  }
});

test.describe("older and newer versions", () => {
  test("every published version is served, older than the account's pin too, under either header", async ({
    api,
  }) => {
    for (const [header, version] of [
      ["Tollgate-Version", "2026-02-18"],
      ["Wcp-Version", "2026-02-18"],
      ["Wcp-Version", "2026-02-19.preview"],
    ] as const) {
      const res = await api.get("/v1/merchants", { headers: { [header]: version } });
      expect([res.status, res.headers["tollgate-version"]]).toEqual([200, version]);
    }
  });

  test("/v1/openapi.json describes the current version, and ?version= each served one", async ({
    request,
  }) => {
    const current = await (await request.get("/v1/openapi.json")).json();
    expect(current.info.version).toBe("2026-02-19.preview");
    const older = await (await request.get("/v1/openapi.json?version=2026-02-18")).json();
    expect(older.info.version).toBe("2026-02-18");
    // 2026-02-19.preview added checkout to payment creation; the older document has none.
    const createBody = (doc: typeof current) => JSON.stringify(doc.paths["/v1/payments"].post.requestBody);
    expect(createBody(current)).toContain("successUrl");
    expect(createBody(older)).not.toContain("successUrl");
    const unknown = await request.get("/v1/openapi.json?version=2099-01-01");
    expect([unknown.status(), (await unknown.json()).code]).toEqual([400, "unknown_api_version"]);
  });
});

test.describe("malformed requests get an Error object, never a 500", () => {
  test("invalid JSON is 400 params_validation", async ({ api }) => {
    const res = await api.call("POST", "/v1/merchants", {
      rawBody: '{"merchantName": "x",',
      headers: { "Content-Type": "application/json" },
      idempotencyKey: freshKey(),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: "params_validation",
      message: "The request body is not valid JSON.",
    });
  });

  test("a non-JSON content type is 415", async ({ api }) => {
    const res = await api.call("POST", "/v1/merchants", {
      rawBody: "merchantName=x",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      idempotencyKey: freshKey(),
      beyondWalletConnect: "415 is Tollgate's",
    });
    expect(res.status).toBe(415);
    expect(res.body.code).toBe("unsupported_media_type");
  });

  test("a body over 64 KiB is 413", async ({ api }) => {
    const res = await api.post(
      "/v1/merchants",
      { merchantName: "x".repeat(70_000), merchantEmail: "a@b.co" },
      { idempotencyKey: freshKey(), beyondWalletConnect: "413 is Tollgate's" },
    );
    expect(res.status).toBe(413);
    expect(res.body.code).toBe("payload_too_large");
  });

  test("an empty body is 400", async ({ api }) => {
    const res = await api.call("POST", "/v1/merchants", {
      headers: { "Content-Type": "application/json" },
      idempotencyKey: freshKey(),
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("params_validation");
  });

  test("an unknown route is 404 not_found", async ({ api }) => {
    for (const path of ["/v1/nothing-here", "/v1/merchants/mrch_x/unknown/deeper"]) {
      const res = await api.get(path);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("not_found");
    }
  });

  test("a wrong method is 405 with Allow", async ({ api }) => {
    const res = await api.call("PUT", "/v1/payments");
    expect(res.status).toBe(405);
    expect(res.body.code).toBe("method_not_allowed");
    expect(res.headers.allow).toBe("GET, POST");
  });

  test("a malformed id is a 404, not a 500", async ({ api }) => {
    for (const path of [
      "/v1/merchants/%00%ff",
      "/v1/payments/pay_'%20OR%201=1/status",
      "/v1/merchants/" + "m".repeat(60),
    ]) {
      const res = await api.get(path, {
        merchantId: "mrch_000000000000000000000000",
        beyondWalletConnect:
          "a malformed id is 400 params_validation, a status WalletConnect Pay's merchant read does not list",
      });
      expect([400, 404]).toContain(res.status);
    }
  });
});
