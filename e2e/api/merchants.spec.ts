import { eachApiVersion, expect, freshKey, test } from "../support/api";
import { createMerchant } from "../support/merchants";

// Every request of these runs under each API version, checked against both documents of it.
eachApiVersion(() =>
  test.describe("merchants", () => {
    test("POST creates a merchant (201) that GET and the list return", async ({ api }) => {
      const res = await api.post(
        "/v1/merchants",
        { merchantName: "Blue Bottle", merchantEmail: "ops@bluebottle.example" },
        { idempotencyKey: freshKey() },
      );
      expect(res.status).toBe(201);
      const merchant = res.body.merchant;
      expect(merchant).toMatchObject({
        name: "Blue Bottle",
        email: "ops@bluebottle.example",
        status: "active",
        iconUrl: null,
      });
      expect(merchant.id).toMatch(/^mrch_[0-9A-Za-z]{24}$/);
      expect(merchant.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

      // A read carries the settlements too, as WalletConnect Pay's does; the list carries its names beside ours.
      expect((await api.get(`/v1/merchants/${merchant.id}`)).body).toEqual({
        merchant: { ...merchant, settlements: { fiat: [], crypto: [] } },
      });
      const list = await api.get("/v1/merchants?limit=200");
      expect(list.body.data).toContainEqual(merchant);
      expect(list.body.merchants).toEqual(list.body.data);
      expect(list.body.totalCount).toBeGreaterThanOrEqual(list.body.data.length);
    });

    test("validation errors name each field", async ({ api }) => {
      const res = await api.post(
        "/v1/merchants",
        { merchantName: "", merchantEmail: "nope", iconUrl: "http://insecure.example/icon.png", extra: 1 },
        { idempotencyKey: freshKey() },
      );
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("params_validation");
      expect(Object.keys(res.body.details.fields).sort()).toEqual([
        "extra",
        "iconUrl",
        "merchantEmail",
        "merchantName",
      ]);
      expect(res.body.details.fields.extra).toBe("Unknown field.");
      expect(res.body.details.fields.merchantEmail).toBe("Enter a valid email address.");
    });

    test("the return allow-list is stored as origins and app schemes; anything else is refused beside the field", async ({
      api,
    }) => {
      const created = await api.post(
        "/v1/merchants",
        {
          merchantName: "Returns",
          merchantEmail: "r@shop.example",
          allowedReturnOrigins: ["https://Shop.Example:443/", "myapp://", "myapp://"],
        },
        { idempotencyKey: freshKey() },
      );
      expect(created.status).toBe(201);
      expect(created.body.merchant.allowedReturnOrigins).toEqual(["https://shop.example", "myapp://"]);
      for (const entry of [
        "http://shop.example",
        "https://shop.example/orders",
        "javascript://",
        "myapp://orders",
      ]) {
        const refused = await api.patch(
          `/v1/merchants/${created.body.merchant.id}`,
          { allowedReturnOrigins: [entry] },
          { idempotencyKey: freshKey() },
        );
        expect(refused.status, entry).toBe(400);
        expect(refused.body.details.fields.allowedReturnOrigins, entry).toContain(entry);
      }
      const cleared = await api.patch(
        `/v1/merchants/${created.body.merchant.id}`,
        { allowedReturnOrigins: [] },
        { idempotencyKey: freshKey() },
      );
      expect(cleared.body.merchant.allowedReturnOrigins).toEqual([]);
    });

    test("checkout branding: a #rrggbb accent (stored lowercase), an https icon and an email or https support contact; anything else is refused beside the field", async ({
      api,
    }) => {
      const created = await api.post(
        "/v1/merchants",
        {
          merchantName: "Branded",
          merchantEmail: "b@shop.example",
          iconUrl: "https://cdn.example/b.png",
          accentColor: "#0F766E",
          supportContact: "help@shop.example",
        },
        { idempotencyKey: freshKey() },
      );
      expect(created.status).toBe(201);
      expect(created.body.merchant).toMatchObject({
        iconUrl: "https://cdn.example/b.png",
        accentColor: "#0f766e",
        supportContact: "help@shop.example",
      });
      const id = created.body.merchant.id;
      const bad = [
        [{ accentColor: "#12345" }, "accentColor", "Enter a colour as #rrggbb, e.g. #4f46e5."],
        [{ accentColor: "teal" }, "accentColor", "Enter a colour as #rrggbb, e.g. #4f46e5."],
        [{ accentColor: "#12345g" }, "accentColor", "Enter a colour as #rrggbb, e.g. #4f46e5."],
        [{ iconUrl: "http://cdn.example/b.png" }, "iconUrl", "Must be an https:// URL."],
        [
          { supportContact: "http://help.shop.example" },
          "supportContact",
          "Enter an email address or an https:// URL.",
        ],
        [{ supportContact: "call us" }, "supportContact", "Enter an email address or an https:// URL."],
      ] as const;
      for (const [body, field, message] of bad) {
        const refused = await api.patch(`/v1/merchants/${id}`, body, { idempotencyKey: freshKey() });
        expect(refused.status, JSON.stringify(body)).toBe(400);
        expect(refused.body.details.fields, JSON.stringify(body)).toEqual({ [field]: message });
      }
      const refusedCreate = await api.post(
        "/v1/merchants",
        { merchantName: "X", merchantEmail: "x@shop.example", accentColor: "#fff" },
        { idempotencyKey: freshKey() },
      );
      expect(refusedCreate.status).toBe(400);
      expect(Object.keys(refusedCreate.body.details.fields)).toEqual(["accentColor"]);
      expect((await api.get(`/v1/merchants/${id}`)).body.merchant).toMatchObject({
        accentColor: "#0f766e",
        supportContact: "help@shop.example",
      });

      const changed = await api.patch(
        `/v1/merchants/${id}`,
        { supportContact: "https://shop.example/help", accentColor: null },
        { idempotencyKey: freshKey() },
      );
      expect(changed.status).toBe(200);
      expect(changed.body.merchant).toMatchObject({
        accentColor: null,
        supportContact: "https://shop.example/help",
      });
    });

    test("a missing Idempotency-Key is 400 missing_idempotency_key and creates nothing", async ({ api }) => {
      const before = (await api.get("/v1/merchants?limit=200")).body.data.length;
      const res = await api.post("/v1/merchants", { merchantName: "No key", merchantEmail: "a@b.co" });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("missing_idempotency_key");
      expect((await api.get("/v1/merchants?limit=200")).body.data.length).toBe(before);
    });

    test("a replay returns the original result; the same key with another body is 409", async ({ api }) => {
      const key = freshKey();
      const body = { merchantName: "Replay Co", merchantEmail: "replay@shop.example" };
      const first = await api.post("/v1/merchants", body, { idempotencyKey: key });
      const again = await api.post("/v1/merchants", body, { idempotencyKey: key });
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(again.headers["idempotent-replayed"]).toBe("true");
      expect(first.headers["idempotent-replayed"]).toBeUndefined();

      const other = await api.post(
        "/v1/merchants",
        { ...body, merchantName: "Someone else" },
        { idempotencyKey: key },
      );
      expect(other.status).toBe(409);
      expect(other.body.code).toBe("idempotency_conflict");
    });

    test("25 concurrent requests with one key create exactly one merchant", async ({ api }) => {
      const key = freshKey("race");
      const name = `Race ${key}`;
      const results = await Promise.all(
        Array.from({ length: 25 }, () =>
          api.post(
            "/v1/merchants",
            { merchantName: name, merchantEmail: "race@shop.example" },
            {
              idempotencyKey: key,
              beyondWalletConnect:
                "idempotency_in_progress (409) is Tollgate's; WalletConnect's 409 names idempotency_conflict only",
            },
          ),
        ),
      );
      const created = results.filter((r) => r.status === 201);
      expect(created.length).toBeGreaterThanOrEqual(1);
      expect(new Set(created.map((r) => r.body.merchant.id)).size).toBe(1);
      for (const r of results.filter((r) => r.status !== 201)) {
        expect(r.status).toBe(409);
        expect(r.body.code).toBe("idempotency_in_progress");
      }
      const all = (await api.get("/v1/merchants?limit=200")).body.data as { name: string }[];
      expect(all.filter((m) => m.name === name)).toHaveLength(1);
      const replay = await api.post(
        "/v1/merchants",
        { merchantName: name, merchantEmail: "race@shop.example" },
        { idempotencyKey: key },
      );
      expect(replay.body.merchant.id).toBe(created[0]!.body.merchant.id);
    });

    test("PATCH updates, DELETE removes, and a removed merchant is 404", async ({ api }) => {
      const merchant = await createMerchant(api);
      const patched = await api.patch(
        `/v1/merchants/${merchant.id}`,
        { merchantName: "Renamed", iconUrl: "https://cdn.example/icon.png" },
        { idempotencyKey: freshKey() },
      );
      expect(patched.status).toBe(200);
      expect(patched.body.merchant).toMatchObject({
        id: merchant.id,
        name: "Renamed",
        iconUrl: "https://cdn.example/icon.png",
      });

      const empty = await api.patch(`/v1/merchants/${merchant.id}`, {}, { idempotencyKey: freshKey() });
      expect(empty.status).toBe(400);

      const deleted = await api.delete(`/v1/merchants/${merchant.id}`, { idempotencyKey: freshKey() });
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ id: merchant.id, deleted: true });
      expect((await api.get(`/v1/merchants/${merchant.id}`)).status).toBe(404);
      expect(
        (await api.get("/v1/merchants?limit=200")).body.data.map((m: { id: string }) => m.id),
      ).not.toContain(merchant.id);
      const payment = await api.post(
        "/v1/payments",
        { referenceId: "r", amount: { unit: "iso4217/USD", value: "100" } },
        {
          merchantId: merchant.id,
          beyondWalletConnect:
            "merchant_not_found is 404 as WalletConnect's ecommerce guide says; their OpenAPI create lists no 404",
        },
      );
      expect(payment.status).toBe(404);
    });

    test("the list pages with a cursor, newest first, without gaps or repeats", async ({
      apiAs,
      fixtures,
    }) => {
      // Account B's live mode is used by no other test, so its list is what this test made (once per version).
      const api = apiAs({ "Api-Key": fixtures.accounts.b.keys.live });
      const made: string[] = [];
      for (let i = 0; i < 5; i++) made.push((await createMerchant(api, { name: `Page ${i}` })).id);
      const seen: string[] = [];
      let cursor: string | null = null;
      let totalCount = 0;
      do {
        const res: { status: number; body: { data: { id: string }[]; nextCursor: string | null } } =
          await api.get(`/v1/merchants?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
        expect(res.status).toBe(200);
        expect(res.body.data.length).toBeLessThanOrEqual(2);
        seen.push(...res.body.data.map((m) => m.id));
        cursor = res.body.nextCursor;
        totalCount = (res.body as unknown as { totalCount: number }).totalCount;
      } while (cursor);
      expect(seen.slice(0, 5)).toEqual([...made].reverse());
      expect(new Set(seen).size).toBe(seen.length);
      expect(totalCount).toBe(seen.length);

      for (const bad of ["limit=0", "limit=201", "limit=abc", "cursor=garbage"]) {
        const res = await api.get(`/v1/merchants?${bad}`);
        expect(res.status, bad).toBe(400);
        expect(res.body.code).toBe("params_validation");
      }
    });

    test("another account's or the other mode's merchant does not exist for this key", async ({
      api,
      apiAs,
      fixtures,
    }) => {
      const mine = await createMerchant(api);
      const otherAccount = apiAs({ "Api-Key": fixtures.accounts.b.keys.test });
      const liveMode = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
      for (const client of [otherAccount, liveMode]) {
        expect((await client.get(`/v1/merchants/${mine.id}`)).status).toBe(404);
        expect(
          (
            await client.patch(
              `/v1/merchants/${mine.id}`,
              { merchantName: "hijack" },
              { idempotencyKey: freshKey() },
            )
          ).status,
        ).toBe(404);
        expect((await client.delete(`/v1/merchants/${mine.id}`, { idempotencyKey: freshKey() })).status).toBe(
          404,
        );
        expect(
          (await client.get("/v1/merchants?limit=200")).body.data.map((m: { id: string }) => m.id),
        ).not.toContain(mine.id);
      }
      expect((await api.get(`/v1/merchants/${mine.id}`)).body.merchant.name).toBe(mine.name);
    });
  }),
);
