import http from "node:http";
import fc from "fast-check";
import { ApiClient, expect, test } from "../support/api";
import { extraPort } from "../support/settings";
import { bodies, buildCell, type Cell } from "./cells";
import { scratchDatabase } from "./scratch-server";

// ≥ 10,000 generated requests against every /v1 operation of a server on a database of its own:
// mutated methods, paths, query strings, headers and bodies (wrong types, huge, deeply nested,
// unicode, NUL bytes, invalid UTF-8, not JSON at all). Every answer is a spec Error object with a
// 4xx status or a 2xx the OpenAPI document allows; never a 5xx. Rejected requests write nothing:
// afterwards the row counts equal the ones before plus what the 2xx answers created.

const requests = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const concurrency = 8;

type DocOperation = {
  operationId: string;
  parameters: { name: string; in: string }[];
  requestBody?: unknown;
};
type Op = { path: string; method: string; op: DocOperation };
type FuzzRequest = {
  label: string;
  /** The method `label` is declared with; the request's own may be another, making it another operation. */
  declaredMethod: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
};

const tables = [
  "Account",
  "User",
  "Membership",
  "ApiKey",
  "PublicApp",
  "Merchant",
  "FiatSettlement",
  "CryptoSettlement",
  "Payment",
  "Refund",
  "WebhookEndpoint",
];
// The table each create adds a row to, and the status that says it did (a refund answers 200, as
// WalletConnect Pay's does).
const creates: Record<string, { table: string; status: number }> = {
  Merchants_create: { table: "Merchant", status: 201 },
  Payments_create: { table: "Payment", status: 201 },
  MerchantPayment_create: { table: "Payment", status: 201 },
  Refunds_create: { table: "Refund", status: 200 },
  WebhookEndpoints_create: { table: "WebhookEndpoint", status: 201 },
};

const nasty = fc.constantFrom(
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "null",
  "-1",
  "1e309",
  "NaN",
  "🙂",
  "\ud800",
  "é".repeat(300),
  "x".repeat(5000),
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "../../etc/passwd",
  "%00",
  "{}",
  "[]",
  "0x10",
  "\u202e",
);
const text = fc.oneof(
  nasty,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
);
const wrongType = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
);
// Values that parse but that the database cannot hold: forged cursors decoding to NUL or impossible
// years, dates before year 1, and amounts at and beyond the caps (fiat 10^15 - 1, assets 2^256 - 1).
const badDates = [
  "0000-01-01T00:00:00.000Z",
  "0000-12-31T23:59:59+00:00",
  "-000001-01-01T00:00:00.000Z",
  "+275760-09-13T00:00:00.000Z",
  "9999-12-31T23:59:59.999Z",
  "0001-01-01T00:00:00Z",
];
const forgedCursor = fc
  .tuple(
    fc.constantFrom(...badDates, "2026-11-22T10:00:00.000Z", "123", 0, null),
    fc.constantFrom("pay_1", "pay_\u0000", "\u0000", "' OR 1=1", "mrch_" + "x".repeat(300), 5),
  )
  .map((position) => Buffer.from(JSON.stringify(position)).toString("base64url"));
const hugeAmount = fc.constantFrom(
  "9".repeat(78),
  (2n ** 256n - 1n).toString(),
  (2n ** 256n).toString(),
  "999999999999999",
  "1000000000000000",
);

/** Percent-encodes what encodeURIComponent can; lone surrogates (which it refuses) go out as raw broken escapes. */
const encode = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return "%ed%a0%80" + value.length;
  }
};

function mutate(value: unknown, pathInValue: number[], replacement: unknown): unknown {
  if (value === null || typeof value !== "object" || pathInValue.length === 0) return replacement;
  const entries = Object.entries(value);
  if (entries.length === 0) return replacement;
  const [key, child] = entries[pathInValue[0]! % entries.length]!;
  const copy: Record<string, unknown> = Array.isArray(value)
    ? ([...value] as unknown as Record<string, unknown>)
    : { ...value };
  copy[key] = mutate(child, pathInValue.slice(1), replacement);
  return copy;
}

function bodyArbitrary(valid: unknown) {
  const json = (v: unknown) => Buffer.from(JSON.stringify(v) ?? "null");
  return fc.oneof(
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          hugeAmount,
          fc.constantFrom(
            "iso4217/USD",
            "iso4217/JPY",
            "caip19/eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
          ),
        )
        .map(([value, unit]) =>
          json(
            valid && typeof valid === "object" && "amount" in valid
              ? { ...valid, amount: { unit, value } }
              : mutate(valid, [0], value),
          ),
        ),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.array(fc.nat(), { maxLength: 4 }), wrongType)
        .map(([at, replacement]) => json(mutate(valid, at, replacement))),
    },
    { weight: 1, arbitrary: fc.constant(json(valid)) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map(json) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 100, max: 30_000 }), fc.boolean())
        .map(([depth, array]) =>
          Buffer.from(
            array ? "[".repeat(depth) + "]".repeat(depth) : '{"a":'.repeat(depth) + "1" + "}".repeat(depth),
          ),
        ),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 60_000, max: 200_000 })
        .map((size) => json(mutate(valid, [0], "x".repeat(size)))),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
        Buffer.from('{"merchantName":"\xc3\x28"}', "latin1"),
        Buffer.from('{"x":"a\u0000b"}'),
        Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]),
        Buffer.from("not json"),
        Buffer.from(""),
        Buffer.from('{"a":1,"a":2}'),
      ),
    },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 200 }).map((s) => Buffer.from(s)) },
  );
}

function requestArbitrary(ops: Op[], cell: Cell, key: string) {
  const ids = cell.ids as Record<string, string>;
  return fc.constantFrom(...ops).chain(({ path, method, op }) => {
    const valid = op.requestBody ? bodies[op.operationId]!(cell.ids) : undefined;
    const idArb = (name: string) =>
      method === "DELETE"
        ? fc.oneof(text.map(encode), fc.constantFrom("%", "%zz", "%c3%28", "%ff"))
        : fc.oneof(
            { weight: 3, arbitrary: fc.constant(encode(ids[name] ?? "x")) },
            { weight: 1, arbitrary: text.map(encode) },
            { weight: 1, arbitrary: fc.constantFrom("%", "%zz", "%c3%28", "%ff", "..", "%2F") },
          );
    const queryNames = op.parameters.filter((p) => p.in === "query").map((p) => p.name);
    return fc
      .record({
        method: fc.oneof(
          { weight: 6, arbitrary: fc.constant(method) },
          { weight: 1, arbitrary: fc.constantFrom("GET", "POST", "PUT", "PATCH", "HEAD", "OPTIONS") },
        ),
        path: fc
          .tuple(
            ...[...path.matchAll(/\{(\w+)\}/g)].map((m) => idArb(m[1]!)),
            fc.constantFrom("", "", "", "/", "//", "/x", "%20"),
          )
          .map((values) => {
            let i = 0;
            return path.replace(/\{(\w+)\}/g, () => values[i++]!) + values[values.length - 1];
          }),
        query: fc.array(
          fc.tuple(
            queryNames.length ? fc.oneof(fc.constantFrom(...queryNames), text) : text,
            fc.oneof(
              text,
              fc.integer().map(String),
              fc.constantFrom("-1", "0", "201", "1e3", "succeeded", "", ...badDates),
              forgedCursor,
            ),
          ),
          { maxLength: 4 },
        ),
        apiKey: fc.oneof(
          { weight: 8, arbitrary: fc.constant(key) },
          {
            weight: 1,
            arbitrary: fc.oneof(
              text,
              fc.constant(undefined),
              fc.constant(key.slice(0, -1) + "x"),
              fc.constant(key.replace("_test_", "_live_")),
            ),
          },
        ),
        merchantId: fc.oneof(
          { weight: 4, arbitrary: fc.constant(cell.ids.merchantId) },
          { weight: 1, arbitrary: fc.oneof(text, fc.constant(undefined)) },
        ),
        idempotencyKey: fc.oneof(
          { weight: 4, arbitrary: fc.uuid() },
          {
            weight: 1,
            arbitrary: fc.oneof(
              text,
              fc.constant(undefined),
              fc.constant("fuzz-reused"),
              fc.constant("k".repeat(300)),
            ),
          },
        ),
        contentType: fc.oneof(
          { weight: 6, arbitrary: fc.constant("application/json") },
          {
            weight: 1,
            arbitrary: fc.constantFrom(
              undefined,
              "text/plain",
              "application/json; charset=latin1",
              "application/jsonx",
              "multipart/form-data",
              "APPLICATION/JSON",
            ),
          },
        ),
        version: fc.oneof(
          { weight: 6, arbitrary: fc.constant(undefined) },
          { weight: 1, arbitrary: fc.oneof(text, fc.constantFrom("2026-02-18", "2099-01-01", "2026-13-45")) },
        ),
        extra: fc.dictionary(
          fc.constantFrom(
            "Accept",
            "Accept-Encoding",
            "X-Forwarded-For",
            "Origin",
            "Cookie",
            "Content-Encoding",
            "Transfer-Encoding-X",
          ),
          text,
          { maxKeys: 2 },
        ),
        body:
          valid !== undefined
            ? bodyArbitrary(valid)
            : fc.oneof(
                { weight: 4, arbitrary: fc.constant(undefined) },
                { weight: 1, arbitrary: bodyArbitrary({}) },
              ),
      })
      .map((r): FuzzRequest => {
        const headers: Record<string, string> = {};
        // Node refuses to send control characters and code points above U+00FF in a header; send the rest.
        const set = (name: string, value: string | undefined) =>
          value !== undefined && (headers[name] = value.replace(/[^\t\x20-\x7e\x80-\xff]/g, ""));
        for (const [name, value] of Object.entries(r.extra)) set(name, value);
        set("Api-Key", r.apiKey);
        if (op.parameters.some((p) => p.name === "Merchant-Id")) set("Merchant-Id", r.merchantId);
        set("Idempotency-Key", r.idempotencyKey);
        set("Content-Type", r.contentType);
        set("Tollgate-Version", r.version);
        const query = r.query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join("&");
        return {
          label: op.operationId,
          declaredMethod: method,
          method: r.method,
          path: query ? `${r.path}?${query}` : r.path,
          headers,
          body: r.body,
        };
      });
  });
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string };

function send(agent: http.Agent, base: URL, request: FuzzRequest): Promise<Answer | "refused by client"> {
  return new Promise((resolve, reject) => {
    let req: http.ClientRequest;
    try {
      req = http.request(
        {
          agent,
          host: base.hostname,
          port: base.port,
          method: request.method,
          path: request.path,
          headers: {
            ...request.headers,
            ...(request.body ? { "Content-Length": String(request.body.length) } : {}),
          },
          timeout: 20_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({
              status: res.statusCode!,
              headers: res.headers,
              text: Buffer.concat(chunks).toString("utf8"),
            }),
          );
          res.on("error", reject);
        },
      );
    } catch {
      // Node itself refuses some generated header values and paths (control characters); nothing was sent.
      return resolve("refused by client");
    }
    req.on("timeout", () =>
      req.destroy(new Error(`no answer within 20 s: ${request.method} ${request.path}`)),
    );
    // A keep-alive socket the server closed as idle just as this request went out: the client retries (Node's advice).
    req.on("error", (error) =>
      reject(
        Object.assign(error, {
          reusedSocket: req.reusedSocket && (error as NodeJS.ErrnoException).code === "ECONNRESET",
        }),
      ),
    );
    req.end(request.body);
  });
}

test("fuzzed requests to every /v1 operation get a 4xx Error object or a valid 2xx, never a 5xx, and rejections write nothing", async ({
  playwright,
  validator,
  documents,
}) => {
  test.setTimeout(900_000);
  const scratch = await scratchDatabase("fuzz", {
    RATE_LIMIT_PER_SECOND: "1000000",
    RATE_LIMIT_BURST: "1000000",
    TOLLGATE_WORKER: "off",
  });
  const port = extraPort(3);
  const server = await scratch.start(port);
  try {
    const key = scratch.testKey();
    expect(key).toMatch(/^svc_test_/);
    const context = await playwright.request.newContext({ baseURL: server.url });
    const api = new ApiClient(context, documents, { "Api-Key": key });
    const cell = await buildCell(api, "a/test", key, "fuzz");
    const doc = (await (await context.get("/v1/openapi.json")).json()) as {
      paths: Record<string, Record<string, DocOperation>>;
    };
    await context.dispose();
    const ops: Op[] = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
    );
    for (const { op } of ops)
      if (op.requestBody)
        expect(bodies[op.operationId], `${op.operationId}: add a valid body for fuzzing`).toBeDefined();

    // Rows the run creates are told apart by their creation time (the seed and the setup above come before it).
    const fuzzStart = new Date();
    const base = new URL(server.url);
    const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
    const generated = fc.sample(requestArbitrary(ops, cell, key), {
      numRuns: Math.ceil(requests * 1.1),
      seed,
    });
    const byStatus: Record<number, number> = {};
    const msByOperation: Record<string, number> = {};
    const failures: string[] = [];
    const created: Record<string, number> = {};
    const settlementIds = new Set<string>();
    let sent = 0;
    let next = 0;
    const started = Date.now();
    const worker = async () => {
      while (sent < requests && next < generated.length) {
        const request = generated[next++]!;
        const sentAt = Date.now();
        const answer = await send(agent, base, request).catch((e: Error & { reusedSocket?: boolean }) =>
          e.reusedSocket ? send(agent, base, request).catch((again: Error) => again) : e,
        );
        if (answer === "refused by client") continue;
        sent++;
        msByOperation[request.label] = (msByOperation[request.label] ?? 0) + Date.now() - sentAt;
        const describe = () =>
          `${request.label}: ${request.method} ${request.path.slice(0, 200)} ${JSON.stringify(request.headers).slice(0, 300)} body ${request.body?.subarray(0, 200).toString("latin1")}`;
        if (answer instanceof Error) {
          failures.push(`${describe()} → ${answer.message}`);
          continue;
        }
        byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
        if (request.method === "HEAD") {
          if (answer.status >= 500) failures.push(`${describe()} → ${answer.status}`);
          continue;
        }
        try {
          expect(answer.status, answer.text.slice(0, 300)).toBeLessThan(500);
          expect(answer.headers["content-type"]).toContain("application/json");
          const body = JSON.parse(answer.text);
          if (answer.status >= 400)
            expect(body).toEqual(
              expect.objectContaining({ message: expect.any(String), code: expect.any(String) }),
            );
          // The router takes one trailing slash as the same route; the contract is written without it.
          validator.check(
            request.method,
            new URL(request.path, base).pathname.replace(/(.)\/$/, "$1"),
            answer.status,
            body,
          );
          if (answer.status < 300 && answer.headers["idempotent-replayed"] !== "true") {
            // Sent with another method, a create's path is another operation: GET /v1/refunds lists
            // refunds, answering 200 as a refund's creation does.
            const create = request.method === request.declaredMethod ? creates[request.label] : undefined;
            if (create && answer.status === create.status)
              created[create.table] = (created[create.table] ?? 0) + 1;
            if (request.label === "CryptoSettlements_create")
              for (const s of body.crypto as { id: string }[]) settlementIds.add(s.id);
            if (request.label === "CryptoSettlements_delete")
              failures.push(`${describe()} deleted with a generated id`);
          }
        } catch (error) {
          failures.push(
            `${describe()} → ${answer.status} ${answer.text.slice(0, 300)}\n  ${(error as Error).message.split("\n")[0]}`,
          );
          console.log(`[fuzz] failure: ${failures.at(-1)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    agent.destroy();
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `[fuzz] ${sent} requests in ${seconds.toFixed(1)} s (seed ${seed}); statuses ${JSON.stringify(byStatus)}; 2xx creates ${JSON.stringify(created)}; ${failures.length} failures; slowest operations (total s) ${Object.entries(
        msByOperation,
      )
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([op, ms]) => `${op} ${(ms / 1000).toFixed(0)}`)
        .join(", ")}`,
    );
    if (failures.length)
      console.log(
        `[fuzz] server log:\n${server
          .output()
          .split("\n")
          .filter((line) => /error|fail/i.test(line))
          .slice(0, 40)
          .join("\n")}`,
      );
    expect(failures.slice(0, 20)).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(requests);

    await server.stop();
    const since = fuzzStart.toISOString().replace("Z", "");
    const written = await scratch.query(async (sql) => {
      const counts: Record<string, number> = {};
      for (const table of tables)
        counts[table] = Number(
          (
            await sql(`SELECT count(*)::int AS n FROM "${table}" WHERE "createdAt" >= '${since}'::timestamp`)
          )[0]!.n,
        );
      return counts;
    });
    // A settlement registration answers with the merchant's whole list: count the ids that are new.
    const newSettlements = [...settlementIds].filter((id) => id !== cell.ids.id).length;
    const expected = {
      ...Object.fromEntries(tables.map((t) => [t, 0])),
      ...created,
      CryptoSettlement: newSettlements,
    };
    console.log(`[fuzz] rows written: ${JSON.stringify(written)}`);
    expect(written).toEqual(expected);
  } finally {
    await server.stop();
    await scratch.drop();
  }
});
