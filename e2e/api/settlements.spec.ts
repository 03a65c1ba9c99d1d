import { eachApiVersion, test, expect, freshKey, type ApiClient } from "../support/api";

// Each request is also sent under the other API version and its answer checked against both
// documents of that version (WalletConnect's and ours); see everyVersion in ../support/api.ts.
test.use({ everyVersion: true });

// Real assets and EIP-55 checksummed addresses (the EIP-55 and CAIP-10 examples).
const USDC_BASE = "eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const USDC_BASE_LOWER = "eip155:8453/erc20:0x833589fcd6edb6e08f4c7c32d4f71b54bda02913";
const USDC_ETHEREUM = "eip155:1/erc20:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
const ETH = "eip155:1/slip44:60";
const WALLET_1 = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const WALLET_2 = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359";
const WALLET_3 = "0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb";
/** WALLET_1 with the case of its last letter flipped: right length and hex, wrong checksum. */
const WALLET_1_BAD_CHECKSUM = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD";
const on = (chain: string, address: string) => `${chain}:${address}`;
const BASE = "eip155:8453";
const MAINNET = "eip155:1";

/** A distinct, valid erc20 asset on Ethereum per n (all-lowercase addresses carry no checksum). */
const tokenOnMainnet = (n: number) => `${MAINNET}/erc20:0x${n.toString(16).padStart(40, "0")}`;

const ID = /^crypto_[0-9A-Za-z]{24}$/;
const UNKNOWN_MERCHANT = "mrch_000000000000000000000000";
const UNKNOWN_SETTLEMENT = "crypto_000000000000000000000000";

type Entry = { asset: string; destination: string };
type Crypto = Entry & { id: string; createdAt: string };

async function createMerchant(client: ApiClient, name = "Settlement Shop"): Promise<string> {
  const res = await client.post(
    "/v1/merchants",
    { merchantName: name, merchantEmail: "shop@example.com" },
    { idempotencyKey: freshKey("mrch") },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.merchant.id as string;
}

const listPath = (merchantId: string) => `/v1/merchants/${merchantId}/settlements`;
const cryptoPath = (merchantId: string) => `/v1/merchants/${merchantId}/settlements/crypto`;
const itemPath = (merchantId: string, id: string) => `/v1/merchants/${merchantId}/settlements/crypto/${id}`;

const unsafeRefusal =
  "unsafe_destination is Tollgate's refusal of a destination that would lose the money; WalletConnect Pay's document has no code for it";

function register(
  client: ApiClient,
  merchantId: string,
  settlements: unknown,
  key = freshKey("reg"),
  beyondWalletConnect?: string,
) {
  return client.post(cryptoPath(merchantId), { settlements }, { idempotencyKey: key, beyondWalletConnect });
}

async function listCrypto(client: ApiClient, merchantId: string): Promise<Crypto[]> {
  const res = await client.get(listPath(merchantId));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.crypto as Crypto[];
}

/** Asset → destination, the part of the list a merchant cares about. */
async function destinations(client: ApiClient, merchantId: string): Promise<Record<string, string>> {
  return Object.fromEntries((await listCrypto(client, merchantId)).map((c) => [c.asset, c.destination]));
}

eachApiVersion(() =>
  test.describe("GET /v1/merchants/{merchantId}/settlements", () => {
    test("a new merchant has both lists, empty", async ({ api }) => {
      const merchantId = await createMerchant(api);
      const res = await api.get(listPath(merchantId));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ fiat: [], crypto: [] });
    });

    test("is described in the OpenAPI document under the spec's operation id", async ({ request }) => {
      const doc = await (await request.get("/v1/openapi.json")).json();
      expect(doc.paths["/v1/merchants/{merchantId}/settlements"].get.operationId).toBe("Settlements_list");
      expect(Object.keys(doc.paths["/v1/merchants/{merchantId}/settlements/crypto"])).toEqual(["post"]);
      expect(Object.keys(doc.paths["/v1/merchants/{merchantId}/settlements/crypto/{id}"]).sort()).toEqual([
        "delete",
        "put",
      ]);
      expect(doc.paths["/v1/merchants/{merchantId}/settlements/crypto"].post.responses["409"]).toBeDefined();
    });

    for (const [label, headers, code] of [
      ["no key", {}, "missing_api_key"],
      ["a wrong key", { "Api-Key": "svc_test_thisKeyDoesNotExist000000000000" }, "invalid_api_key"],
    ] as const) {
      test(`answers 401 ${code} with ${label}`, async ({ api, apiAs }) => {
        const merchantId = await createMerchant(api);
        const res = await apiAs(headers).get(listPath(merchantId));
        expect(res.status).toBe(401);
        expect(res.body.code).toBe(code);
      });
    }
  }),
);

eachApiVersion(() =>
  test.describe("POST /v1/merchants/{merchantId}/settlements/crypto", () => {
    test("registers several settlements at once and the list shows them", async ({ api }) => {
      const merchantId = await createMerchant(api);
      const sent = [
        { asset: USDC_BASE, destination: on(BASE, WALLET_1) },
        { asset: ETH, destination: on(MAINNET, WALLET_2) },
      ];
      const res = await register(api, merchantId, sent);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.crypto).toHaveLength(2);
      // In request order, each with a fresh id.
      expect(res.body.crypto.map((c: Crypto) => ({ asset: c.asset, destination: c.destination }))).toEqual(
        sent,
      );
      for (const c of res.body.crypto as Crypto[]) expect(c.id).toMatch(ID);
      expect(res.body.crypto[0].id).not.toBe(res.body.crypto[1].id);

      const listed = await api.get(listPath(merchantId));
      expect(listed.body.fiat).toEqual([]);
      const byId = (a: Crypto, b: Crypto) => (a.id < b.id ? -1 : 1);
      expect([...listed.body.crypto].sort(byId)).toEqual([...res.body.crypto].sort(byId));
    });

    test("stores EVM addresses in checksummed form", async ({ api }) => {
      const merchantId = await createMerchant(api);
      const res = await register(api, merchantId, [
        { asset: USDC_BASE_LOWER, destination: on(BASE, WALLET_1.toLowerCase()) },
      ]);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.crypto[0]).toMatchObject({ asset: USDC_BASE, destination: on(BASE, WALLET_1) });
      expect(await destinations(api, merchantId)).toEqual({ [USDC_BASE]: on(BASE, WALLET_1) });
    });

    test("accepts 50 settlements in one request", async ({ api }) => {
      const merchantId = await createMerchant(api);
      const sent = Array.from({ length: 50 }, (_, i) => ({
        asset: tokenOnMainnet(i + 1),
        destination: on(MAINNET, WALLET_3),
      }));
      const res = await register(api, merchantId, sent);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      // Answered in request order, token addresses in checksummed form.
      expect(res.body.crypto.map((c: Crypto) => c.asset.toLowerCase())).toEqual(sent.map((s) => s.asset));
      const assets = (list: Crypto[]) => list.map((c) => c.asset).sort();
      expect(assets(await listCrypto(api, merchantId))).toEqual(assets(res.body.crypto));
    });

    const good = { asset: ETH, destination: on(MAINNET, WALLET_1) };
    const badRequests: { name: string; body: unknown; field: string; mentions?: string }[] = [
      {
        name: "an unparseable asset",
        body: { settlements: [good, { asset: "usdc-on-base", destination: on(BASE, WALLET_1) }] },
        field: "settlements.1.asset",
        mentions: "CAIP-19",
      },
      {
        name: "an unparseable destination",
        body: { settlements: [good, { asset: USDC_BASE, destination: WALLET_1 }] },
        field: "settlements.1.destination",
        mentions: "CAIP-10",
      },
      {
        name: "a destination on another chain",
        body: { settlements: [good, { asset: USDC_BASE, destination: on(MAINNET, WALLET_1) }] },
        field: "settlements.1.destination",
        mentions: "same chain",
      },
      {
        name: "a destination with a bad EIP-55 checksum",
        body: { settlements: [good, { asset: USDC_BASE, destination: on(BASE, WALLET_1_BAD_CHECKSUM) }] },
        field: "settlements.1.destination",
        mentions: "checksum",
      },
      {
        name: "a token contract with a bad EIP-55 checksum",
        body: {
          settlements: [
            good,
            { asset: `${BASE}/erc20:${WALLET_1_BAD_CHECKSUM}`, destination: on(BASE, WALLET_1) },
          ],
        },
        field: "settlements.1.asset",
        mentions: "checksum",
      },
      {
        name: "an entry without a destination",
        body: { settlements: [good, { asset: USDC_BASE }] },
        field: "settlements.1.destination",
      },
      {
        name: "an unknown field in an entry",
        body: { settlements: [good, { asset: USDC_BASE, destination: on(BASE, WALLET_1), memo: "x" }] },
        field: "settlements.1.memo",
        mentions: "Unknown field",
      },
      {
        name: "an unknown top-level field",
        body: { settlements: [good], merchantId: "x" },
        field: "merchantId",
        mentions: "Unknown field",
      },
      { name: "no entries", body: { settlements: [] }, field: "settlements" },
      {
        name: "51 entries",
        body: {
          settlements: Array.from({ length: 51 }, (_, i) => ({
            asset: tokenOnMainnet(i + 1),
            destination: on(MAINNET, WALLET_1),
          })),
        },
        field: "settlements",
      },
      {
        // Solana addresses are base58 (lib/core/caip/solana-address.ts): an EVM address is not one.
        name: "an EVM address on Solana",
        body: {
          settlements: [
            {
              asset:
                "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp/token:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
              destination: on("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp", WALLET_1),
            },
          ],
        },
        field: "settlements.0.destination",
        mentions: "must be a Solana address",
      },
      {
        name: "no settlements array",
        body: { asset: ETH, destination: on(MAINNET, WALLET_1) },
        field: "settlements",
      },
    ];
    for (const { name, body, field, mentions } of badRequests) {
      test(`refuses ${name} with 400 naming ${field}, writing nothing`, async ({ api }) => {
        const merchantId = await createMerchant(api);
        const res = await api.post(cryptoPath(merchantId), body, { idempotencyKey: freshKey("bad") });
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body.code).toBe("params_validation");
        expect(Object.keys(res.body.details.fields)).toContain(field);
        if (mentions) expect(res.body.details.fields[field]).toContain(mentions);
        expect(await listCrypto(api, merchantId)).toEqual([]);
      });
    }

    test("refuses an asset the merchant already has with 409, writing nothing", async ({ api }) => {
      const merchantId = await createMerchant(api);
      expect(
        (await register(api, merchantId, [{ asset: USDC_BASE, destination: on(BASE, WALLET_1) }])).status,
      ).toBe(201);

      const res = await register(api, merchantId, [
        { asset: ETH, destination: on(MAINNET, WALLET_2) },
        { asset: USDC_BASE, destination: on(BASE, WALLET_2) },
      ]);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("settlement_asset_conflict");
      expect(res.body.details.assets).toEqual([USDC_BASE]);
      expect(await destinations(api, merchantId)).toEqual({ [USDC_BASE]: on(BASE, WALLET_1) });
    });

    test("refuses the same asset twice in one request with 409, writing nothing", async ({ api }) => {
      const merchantId = await createMerchant(api);
      const res = await register(api, merchantId, [
        { asset: USDC_BASE, destination: on(BASE, WALLET_1) },
        { asset: ETH, destination: on(MAINNET, WALLET_1) },
        { asset: USDC_BASE, destination: on(BASE, WALLET_2) },
      ]);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("settlement_asset_conflict");
      expect(res.body.details.assets).toEqual([USDC_BASE]);
      expect(await listCrypto(api, merchantId)).toEqual([]);
    });

    test("treats a lowercase token address as the same asset as its checksummed form", async ({ api }) => {
      const merchantId = await createMerchant(api);
      expect(
        (await register(api, merchantId, [{ asset: USDC_BASE, destination: on(BASE, WALLET_1) }])).status,
      ).toBe(201);

      const again = await register(api, merchantId, [
        { asset: USDC_BASE_LOWER, destination: on(BASE, WALLET_2) },
      ]);
      expect(again.status).toBe(409);
      expect(again.body.code).toBe("settlement_asset_conflict");
      expect(again.body.details.assets).toEqual([USDC_BASE]);

      const other = await createMerchant(api);
      const both = await register(api, other, [
        { asset: USDC_BASE_LOWER, destination: on(BASE, WALLET_1) },
        { asset: USDC_BASE, destination: on(BASE, WALLET_2) },
      ]);
      expect(both.status).toBe(409);
      expect(both.body.code).toBe("settlement_asset_conflict");

      expect(await destinations(api, merchantId)).toEqual({ [USDC_BASE]: on(BASE, WALLET_1) });
      expect(await listCrypto(api, other)).toEqual([]);
    });

    // Destinations that would certainly lose the money: refused with their own code and reason.
    const unsafe: { name: string; entry: Entry; reason: string; mentions: string }[] = [
      {
        name: "the zero address",
        entry: { asset: USDC_BASE, destination: on(BASE, "0x0000000000000000000000000000000000000000") },
        reason: "zero_address",
        mentions: "zero address",
      },
      {
        name: "a burn address",
        entry: { asset: USDC_BASE, destination: on(BASE, "0x000000000000000000000000000000000000dEaD") },
        reason: "burn_address",
        mentions: "burn address",
      },
      {
        name: "the token's own contract",
        entry: { asset: USDC_BASE, destination: on(BASE, "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913") },
        reason: "token_contract",
        mentions: "token's own contract",
      },
      {
        name: "a chain nobody knows",
        entry: { asset: "eip155:999999/slip44:60", destination: on("eip155:999999", WALLET_1) },
        reason: "unknown_chain",
        mentions: "eip155:999999 is not a network",
      },
      {
        name: "an EVM address on a non-EVM chain",
        entry: {
          asset: "cosmos:cosmoshub-4/slip44:118",
          destination: on("cosmos:cosmoshub-4", WALLET_1),
        },
        reason: "address_format",
        mentions: "not an EVM chain",
      },
    ];
    for (const { name, entry, reason, mentions } of unsafe) {
      test(`refuses ${name} as a destination with 400 unsafe_destination, writing nothing`, async ({
        api,
      }) => {
        const merchantId = await createMerchant(api);
        const res = await register(api, merchantId, [good, entry], undefined, unsafeRefusal);
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body.code).toBe("unsafe_destination");
        expect(res.body.details.reasons).toEqual({ "settlements.1.destination": reason });
        expect(res.body.details.fields["settlements.1.destination"]).toContain(mentions);
        expect(await listCrypto(api, merchantId)).toEqual([]);
      });
    }

    test("saves a token it does not know by name, answering a warning beside it", async ({ api }) => {
      const merchantId = await createMerchant(api);
      const res = await register(api, merchantId, [
        good,
        { asset: tokenOnMainnet(7), destination: on(MAINNET, WALLET_2) },
      ]);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.crypto).toHaveLength(2);
      expect(res.body.warnings).toEqual([
        {
          path: "settlements.1.destination",
          code: "unknown_asset",
          message: expect.stringContaining("does not know"),
        },
      ]);
      const known = await register(api, await createMerchant(api), [good]);
      expect(known.body.warnings).toBeUndefined();
    });

    test("lets only one of 10 concurrent registrations of an asset win", async ({ api }) => {
      const merchantId = await createMerchant(api);
      // Each request also carries an asset of its own, inserted before the contested one, so a loser
      // that had written part of its request must roll that back.
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          register(api, merchantId, [
            { asset: USDC_BASE, destination: on(BASE, WALLET_1) },
            { asset: tokenOnMainnet(1000 + i), destination: on(MAINNET, WALLET_2) },
          ]),
        ),
      );
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
      for (const loser of responses.filter((r) => r.status === 409)) {
        expect(loser.body.code).toBe("settlement_asset_conflict");
        expect(loser.body.details.assets).toEqual([USDC_BASE]);
      }
      const winner = responses.find((r) => r.status === 201)!;
      const listed = await listCrypto(api, merchantId);
      expect(listed.map((c) => c.id).sort()).toEqual(winner.body.crypto.map((c: Crypto) => c.id).sort());
      expect(listed.filter((c) => c.asset === USDC_BASE)).toHaveLength(1);
    });

    test("replays a retried request with the same key instead of registering twice", async ({ api }) => {
      const merchantId = await createMerchant(api);
      const key = freshKey("replay");
      const sent = [{ asset: ETH, destination: on(MAINNET, WALLET_1) }];
      const first = await register(api, merchantId, sent, key);
      expect(first.status).toBe(201);
      expect(first.headers["idempotent-replayed"]).toBeUndefined();

      const retry = await register(api, merchantId, sent, key);
      expect(retry.status).toBe(201);
      expect(retry.body).toEqual(first.body);
      expect(retry.headers["idempotent-replayed"]).toBe("true");

      const reused = await register(
        api,
        merchantId,
        [{ asset: USDC_BASE, destination: on(BASE, WALLET_1) }],
        key,
      );
      expect(reused.status).toBe(409);
      expect(reused.body.code).toBe("idempotency_conflict");

      expect(await listCrypto(api, merchantId)).toEqual(first.body.crypto);
    });

    test("requires an Idempotency-Key", async ({ api }) => {
      const merchantId = await createMerchant(api);
      const res = await api.post(cryptoPath(merchantId), {
        settlements: [{ asset: ETH, destination: on(MAINNET, WALLET_1) }],
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("missing_idempotency_key");
      expect(await listCrypto(api, merchantId)).toEqual([]);
    });
  }),
);

eachApiVersion(() =>
  test.describe("PUT /v1/merchants/{merchantId}/settlements/crypto/{id}", () => {
    test("refuses to point a settlement at the zero address or its token's contract", async ({ api }) => {
      const merchantId = await createMerchant(api);
      const id = (await register(api, merchantId, [{ asset: USDC_BASE, destination: on(BASE, WALLET_1) }]))
        .body.crypto[0].id;
      for (const [address, reason] of [
        ["0x0000000000000000000000000000000000000000", "zero_address"],
        ["0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", "token_contract"],
      ]) {
        const res = await api.put(
          itemPath(merchantId, id),
          { destination: on(BASE, address!) },
          { idempotencyKey: freshKey("put"), beyondWalletConnect: unsafeRefusal },
        );
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body).toMatchObject({
          code: "unsafe_destination",
          details: { reasons: { destination: reason } },
        });
      }
      expect(await destinations(api, merchantId)).toEqual({ [USDC_BASE]: on(BASE, WALLET_1) });
    });

    test("changes the destination, and refuses a wallet on another chain", async ({ api }) => {
      const merchantId = await createMerchant(api);
      const [created] = (
        await register(api, merchantId, [{ asset: USDC_BASE, destination: on(BASE, WALLET_1) }])
      ).body.crypto as Crypto[];

      const res = await api.put(
        itemPath(merchantId, created!.id),
        { destination: on(BASE, WALLET_2.toLowerCase()) },
        { idempotencyKey: freshKey("put") },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const updated = {
        id: created!.id,
        asset: USDC_BASE,
        destination: on(BASE, WALLET_2),
        createdAt: created!.createdAt,
      };
      expect(res.body).toEqual({ ...updated, crypto: updated });
      expect(await destinations(api, merchantId)).toEqual({ [USDC_BASE]: on(BASE, WALLET_2) });

      for (const [body, mentions] of [
        [{ destination: on(MAINNET, WALLET_3) }, "same chain"],
        [{ destination: on(BASE, WALLET_1_BAD_CHECKSUM) }, "checksum"],
        [{ destination: "not-a-wallet" }, "CAIP-10"],
        [{}, ""],
      ] as const) {
        const refused = await api.put(itemPath(merchantId, created!.id), body, {
          idempotencyKey: freshKey("put"),
        });
        expect(refused.status, JSON.stringify(refused.body)).toBe(400);
        expect(refused.body.code).toBe("params_validation");
        expect(refused.body.details.fields.destination).toContain(mentions);
      }
      expect(await destinations(api, merchantId)).toEqual({ [USDC_BASE]: on(BASE, WALLET_2) });
    });

    test("requires an Idempotency-Key", async ({ api }) => {
      const merchantId = await createMerchant(api);
      const [created] = (
        await register(api, merchantId, [{ asset: ETH, destination: on(MAINNET, WALLET_1) }])
      ).body.crypto as Crypto[];
      const res = await api.put(
        itemPath(merchantId, created!.id),
        { destination: on(MAINNET, WALLET_2) },
        {
          beyondWalletConnect:
            "WalletConnect Pay's document lists no missing_idempotency_key on this operation",
        },
      );
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("missing_idempotency_key");
      expect(await destinations(api, merchantId)).toEqual({ [ETH]: on(MAINNET, WALLET_1) });
    });
  }),
);

eachApiVersion(() =>
  test.describe("DELETE /v1/merchants/{merchantId}/settlements/crypto/{id}", () => {
    test("removes the settlement, after which its asset can be registered again", async ({ api }) => {
      const merchantId = await createMerchant(api);
      const created = (
        await register(api, merchantId, [
          { asset: USDC_BASE, destination: on(BASE, WALLET_1) },
          { asset: ETH, destination: on(MAINNET, WALLET_1) },
        ])
      ).body.crypto as Crypto[];
      const usdc = created.find((c) => c.asset === USDC_BASE)!;

      const res = await api.delete(itemPath(merchantId, usdc.id), { idempotencyKey: freshKey("del") });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: usdc.id, deleted: true });
      expect(await destinations(api, merchantId)).toEqual({ [ETH]: on(MAINNET, WALLET_1) });

      const again = await api.delete(itemPath(merchantId, usdc.id), { idempotencyKey: freshKey("del") });
      expect(again.status).toBe(404);
      expect(again.body.code).toBe("not_found");
      const put = await api.put(
        itemPath(merchantId, usdc.id),
        { destination: on(BASE, WALLET_2) },
        { idempotencyKey: freshKey("put") },
      );
      expect(put.status).toBe(404);

      const reregistered = await register(api, merchantId, [
        { asset: USDC_BASE, destination: on(BASE, WALLET_2) },
      ]);
      expect(reregistered.status).toBe(201);
      expect(reregistered.body.crypto[0].id).not.toBe(usdc.id);
      expect(await destinations(api, merchantId)).toEqual({
        [ETH]: on(MAINNET, WALLET_1),
        [USDC_BASE]: on(BASE, WALLET_2),
      });
    });

    test("requires an Idempotency-Key", async ({ api }) => {
      const merchantId = await createMerchant(api);
      const [created] = (
        await register(api, merchantId, [{ asset: ETH, destination: on(MAINNET, WALLET_1) }])
      ).body.crypto as Crypto[];
      const res = await api.delete(itemPath(merchantId, created!.id), {
        beyondWalletConnect: "WalletConnect Pay's document lists no 400 on this operation",
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("missing_idempotency_key");
      expect(await listCrypto(api, merchantId)).toHaveLength(1);
    });
  }),
);

test.describe("settlements outside the caller's reach are not found", () => {
  /** Every settlements operation against (merchantId, settlementId), through `client`. */
  async function everyOperation(client: ApiClient, merchantId: string, settlementId: string) {
    return {
      list: await client.get(listPath(merchantId)),
      register: await register(client, merchantId, [
        { asset: USDC_ETHEREUM, destination: on(MAINNET, WALLET_3) },
      ]),
      update: await client.put(
        itemPath(merchantId, settlementId),
        { destination: on(MAINNET, WALLET_3) },
        { idempotencyKey: freshKey("put") },
      ),
      remove: await client.delete(itemPath(merchantId, settlementId), { idempotencyKey: freshKey("del") }),
    };
  }

  function expectAllNotFound(responses: Record<string, { status: number; body: { code: string } }>) {
    for (const [operation, res] of Object.entries(responses)) {
      expect(res.status, `${operation}: ${JSON.stringify(res.body)}`).toBe(404);
      expect(res.body.code, operation).toBe("not_found");
    }
  }

  test("an unknown or malformed merchant id", async ({ api }) => {
    expectAllNotFound(await everyOperation(api, UNKNOWN_MERCHANT, UNKNOWN_SETTLEMENT));
    expectAllNotFound(await everyOperation(api, "not-a-merchant", UNKNOWN_SETTLEMENT));
  });

  test("an unknown settlement id, or another merchant's settlement", async ({ api }) => {
    const merchantId = await createMerchant(api);
    const otherId = await createMerchant(api, "Other Shop");
    const [theirs] = (await register(api, otherId, [{ asset: ETH, destination: on(MAINNET, WALLET_1) }])).body
      .crypto as Crypto[];

    for (const settlementId of [UNKNOWN_SETTLEMENT, "nope", theirs!.id]) {
      const update = await api.put(
        itemPath(merchantId, settlementId),
        { destination: on(MAINNET, WALLET_2) },
        { idempotencyKey: freshKey("put") },
      );
      const remove = await api.delete(itemPath(merchantId, settlementId), {
        idempotencyKey: freshKey("del"),
      });
      expectAllNotFound({ update, remove });
    }
    expect(await destinations(api, otherId)).toEqual({ [ETH]: on(MAINNET, WALLET_1) });
  });

  test("another account's merchant", async ({ apiAs, fixtures }) => {
    const accountA = apiAs({ "Api-Key": fixtures.accounts.a.keys.test });
    const accountB = apiAs({ "Api-Key": fixtures.accounts.b.keys.test });
    const merchantB = await createMerchant(accountB, "B's shop");
    const [settlementB] = (
      await register(accountB, merchantB, [{ asset: ETH, destination: on(MAINNET, WALLET_1) }])
    ).body.crypto as Crypto[];

    expectAllNotFound(await everyOperation(accountA, merchantB, settlementB!.id));
    expect(await destinations(accountB, merchantB)).toEqual({ [ETH]: on(MAINNET, WALLET_1) });
  });

  test("a test-mode merchant, through the same account's live key", async ({ api, apiAs, fixtures }) => {
    const live = apiAs({ "Api-Key": fixtures.accounts.a.keys.live });
    const testMerchant = await createMerchant(api, "Test-mode shop");
    const [settlement] = (
      await register(api, testMerchant, [{ asset: ETH, destination: on(MAINNET, WALLET_1) }])
    ).body.crypto as Crypto[];

    expectAllNotFound(await everyOperation(live, testMerchant, settlement!.id));
    expect(await destinations(api, testMerchant)).toEqual({ [ETH]: on(MAINNET, WALLET_1) });
  });

  test("a deleted merchant", async ({ api }) => {
    const merchantId = await createMerchant(api);
    const [settlement] = (
      await register(api, merchantId, [{ asset: ETH, destination: on(MAINNET, WALLET_1) }])
    ).body.crypto as Crypto[];
    expect(
      (await api.delete(`/v1/merchants/${merchantId}`, { idempotencyKey: freshKey("del") })).status,
    ).toBe(200);

    expectAllNotFound(await everyOperation(api, merchantId, settlement!.id));
  });
});
