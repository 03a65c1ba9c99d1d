import { expect, test } from "../support/api";
import { createMerchant } from "../support/merchants";
import { baseURL } from "../support/settings";

const usd = "iso4217/USD";

test.describe("payment links API", () => {
  test("create, list, get and deactivate a link; deactivating twice changes nothing", async ({ api }) => {
    const merchant = await createMerchant(api, { withUsdc: true, name: "Link Shop" });
    const created = await api.post(
      "/v1/payment-links",
      { unit: usd, amountValue: "2500", referencePrefix: "TICKET" },
      { merchantId: merchant.id },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      merchantId: merchant.id,
      unit: usd,
      amountValue: "2500",
      minValue: null,
      maxValue: null,
      referencePrefix: "TICKET",
      active: true,
      deactivatedAt: null,
    });
    expect(created.body.id).toMatch(/^plink_[0-9A-Za-z]{24}$/);
    expect(created.body.url).toBe(`${baseURL}/l/${created.body.id}`);

    const bounded = await api.post(
      "/v1/payment-links",
      { unit: usd, maxValue: "5000", referencePrefix: "TIP" },
      { merchantId: merchant.id },
    );
    expect(bounded.status, JSON.stringify(bounded.body)).toBe(201);
    // Without a minimum, a buyer may pay as little as one minor unit.
    expect(bounded.body).toMatchObject({ amountValue: null, minValue: "1", maxValue: "5000" });

    const list = await api.get("/v1/payment-links?limit=2");
    expect(list.status).toBe(200);
    expect(list.body.data.map((l: { id: string }) => l.id)).toEqual([bounded.body.id, created.body.id]);
    expect((await api.get(`/v1/payment-links/${created.body.id}`)).body).toEqual(created.body);

    const off = await api.post(`/v1/payment-links/${created.body.id}/deactivate`);
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    expect(Date.parse(off.body.deactivatedAt)).toBeGreaterThan(0);
    const again = await api.post(`/v1/payment-links/${created.body.id}/deactivate`);
    expect(again.status).toBe(200);
    expect(again.body.deactivatedAt).toBe(off.body.deactivatedAt);
  });

  const invalid: { name: string; body: Record<string, unknown>; field: string }[] = [
    {
      name: "a fixed amount and bounds together",
      body: { unit: usd, amountValue: "100", maxValue: "500", referencePrefix: "X" },
      field: "minValue",
    },
    {
      name: "a minimum above the maximum",
      body: { unit: usd, minValue: "900", maxValue: "500", referencePrefix: "X" },
      field: "maxValue",
    },
    { name: "neither an amount nor a maximum", body: { unit: usd, referencePrefix: "X" }, field: "maxValue" },
    {
      name: "a buyer-entered amount in an asset",
      body: {
        unit: "caip19/eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
        maxValue: "5000",
        referencePrefix: "X",
      },
      field: "unit",
    },
    {
      name: "an unknown currency",
      body: { unit: "iso4217/XXX", amountValue: "100", referencePrefix: "X" },
      field: "unit",
    },
    {
      name: "a zero amount",
      body: { unit: usd, amountValue: "0", referencePrefix: "X" },
      field: "amountValue",
    },
    {
      name: "a prefix with spaces",
      body: { unit: usd, amountValue: "100", referencePrefix: "two words" },
      field: "referencePrefix",
    },
    {
      name: "an unknown field",
      body: { unit: usd, amountValue: "100", referencePrefix: "X", colour: "red" },
      field: "colour",
    },
  ];
  for (const { name, body, field } of invalid) {
    test(`refuses ${name} with 400 naming the field`, async ({ api }) => {
      const merchant = await createMerchant(api);
      const res = await api.post("/v1/payment-links", body, { merchantId: merchant.id });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.code).toBe("params_validation");
      expect(Object.keys(res.body.details.fields), JSON.stringify(res.body)).toContain(field);
    });
  }

  test("refuses an unknown merchant, a missing Merchant-Id, an unknown link and a read-only key", async ({
    api,
    apiAs,
    fixtures,
  }) => {
    const body = { unit: usd, amountValue: "100", referencePrefix: "X" };
    const unknownMerchant = await api.post("/v1/payment-links", body, {
      merchantId: "mrch_000000000000000000000000",
    });
    expect(unknownMerchant.status).toBe(404);
    expect(unknownMerchant.body.code).toBe("merchant_not_found");
    const noMerchant = await api.post("/v1/payment-links", body);
    expect(noMerchant.status).toBe(401);
    expect(noMerchant.body.code).toBe("missing_merchant_id");
    const unknown = await api.get("/v1/payment-links/plink_000000000000000000000000");
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("not_found");
    // Not an id at all (a NUL, another kind's prefix): no such link either, answered before any query.
    for (const id of ["not-an-id", "plink_\u0000", "pay_000000000000000000000000"]) {
      const res = await api.get(`/v1/payment-links/${encodeURIComponent(id)}`);
      expect(res.status, id).toBe(404);
      expect(res.body.code, id).toBe("not_found");
    }
    expect((await api.post("/v1/payment-links/plink_000000000000000000000000/deactivate")).status).toBe(404);
    expect((await apiAs({}).get("/v1/payment-links")).status).toBe(401);
    // A key that may only read payments may read links, not create them.
    const readOnly = apiAs({ "Api-Key": fixtures.accounts.a.keys.testPaymentsReadOnly });
    expect((await readOnly.get("/v1/payment-links")).status).toBe(200);
    expect(
      (await readOnly.post("/v1/payment-links", body, { merchantId: "mrch_000000000000000000000000" }))
        .status,
    ).toBe(403);
  });

  test("the link page mints only on POST, and at most five payments a minute per link and caller", async ({
    api,
    request,
  }) => {
    const merchant = await createMerchant(api, { withUsdc: true, name: "Limited Shop" });
    const link = (
      await api.post(
        "/v1/payment-links",
        { unit: usd, amountValue: "700", referencePrefix: "LIM" },
        { merchantId: merchant.id },
      )
    ).body;
    const paymentsOfMerchant = async () =>
      (await api.get(`/v1/payments?merchantId=${merchant.id}`)).body.data.length as number;
    for (let i = 0; i < 3; i++) expect((await request.get(`/l/${link.id}`)).status()).toBe(200);
    expect(await paymentsOfMerchant()).toBe(0);
    // Continue is accepted from the link's own page only: another site's form mints nothing.
    const elsewhere: Record<string, string>[] = [{ Origin: "https://evil.example" }, {}];
    for (const headers of elsewhere) {
      const forged = await request.post(`/l/${link.id}`, { form: { email: "" }, headers, maxRedirects: 0 });
      expect(forged.status()).toBe(403);
      expect(await forged.text()).toContain("Continue from this payment link&#39;s own page.");
    }
    expect(await paymentsOfMerchant()).toBe(0);
    const own = { Origin: baseURL };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (
          await request.post(`/l/${link.id}`, { form: { email: "" }, headers: own, maxRedirects: 0 })
        ).status(),
      );
    expect(statuses).toEqual([303, 303, 303, 303, 303, 429]);
    expect(await paymentsOfMerchant()).toBe(5);
    // A link that does not exist (or could not) is a 404 page whether the buyer opens it or presses Continue.
    for (const id of ["plink_000000000000000000000000", "not-a-link"]) {
      expect((await request.get(`/l/${id}`)).status(), id).toBe(404);
      const pressed = await request.post(`/l/${id}`, { form: { email: "" }, headers: own, maxRedirects: 0 });
      expect(pressed.status(), id).toBe(404);
      expect(await pressed.text()).toContain("</html>");
    }
  });
});
