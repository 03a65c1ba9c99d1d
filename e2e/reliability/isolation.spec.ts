import { expect, freshKey, test, type ApiClient, type ApiResponse, type CallOptions } from "../support/api";
import { bodies, buildCell, cellKey, cellNames, type Cell } from "./cells";

// Every /v1 operation, called by each of the four (account, mode) cells with the resource ids of
// every other cell: the answer is 404 (or 403 for an operation the caller's mode may not use) or
// an empty list, and never contains anything of the other cell. The operations come from
// /v1/openapi.json, which is generated from the operation registry, so a new endpoint is in the
// matrix the day it is added (and fails here until its parameters and body are known below).

type DocOperation = {
  operationId: string;
  parameters: { name: string; in: "path" | "query" | "header" }[];
  requestBody?: unknown;
  "x-modes"?: string[];
};

/** Query parameters that name a resource; the others are left out. */
const resourceQuery = new Set(["merchantId", "paymentId"]);
const otherQuery = new Set([
  "limit",
  "cursor",
  "status",
  "exception",
  "asset",
  "createdFrom",
  "createdTo",
  "maxPollMs",
  "includePaymentInfo",
  "referenceId",
  "token_symbol",
  "network",
  "startTs",
  "endTs",
  "sortBy",
  "sortDir",
  "type",
]);

async function send(
  api: ApiClient,
  method: string,
  path: string,
  options: CallOptions,
): Promise<ApiResponse> {
  for (;;) {
    const response = await api.call(method, path, options);
    if (response.status !== 429) return response;
    await new Promise((r) => setTimeout(r, 1000 * Number(response.headers["retry-after"] ?? 1)));
  }
}

test("no (account, mode) cell reaches another's resources through any /v1 operation", async ({
  apiAs,
  fixtures,
  request,
}) => {
  test.setTimeout(300_000);
  const tag = Date.now().toString(36);
  const clients = Object.fromEntries(
    cellNames.map((name) => [name, apiAs({ "Api-Key": cellKey(fixtures, name) })]),
  ) as Record<Cell["name"], ApiClient>;
  const cells: Cell[] = [];
  for (const name of cellNames)
    cells.push(await buildCell(clients[name], name, cellKey(fixtures, name), tag));

  const snapshot = async (cell: Cell) => {
    const api = clients[cell.name];
    const { ids } = cell;
    const endpoint = (await api.get(`/v1/webhook-endpoints/${ids.endpointId}`)).body;
    return JSON.stringify([
      (await api.get(`/v1/merchants/${ids.merchantId}`)).body,
      (await api.get(`/v1/merchants/${ids.merchantId}/settlements`)).body,
      (await api.get(`/v1/payments/${ids.paymentId}`)).body,
      ids.refundId ? (await api.get(`/v1/refunds/${ids.refundId}`)).body : null,
      // Another cell's deactivate must leave the link active.
      (await api.get(`/v1/payment-links/${ids.linkId}`)).body,
      {
        url: endpoint.url,
        events: endpoint.events,
        description: endpoint.description,
        enabled: endpoint.enabled,
      },
    ]);
  };
  const before = await Promise.all(cells.map(snapshot));

  const doc = (await (await request.get("/v1/openapi.json")).json()) as {
    paths: Record<string, Record<string, DocOperation>>;
  };
  const operations = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
  expect(operations.length).toBeGreaterThanOrEqual(28);

  let cases = 0;
  const leaks: string[] = [];
  const wrongStatus: string[] = [];
  const check = (caller: Cell, label: string, response: ApiResponse, allowed: number[]) => {
    cases++;
    const text = JSON.stringify(response.body);
    for (const other of cells) {
      if (other === caller) continue;
      const seen = other.secrets.find((secret) => text.includes(secret));
      if (seen) leaks.push(`${caller.name} ${label} saw ${other.name}'s ${seen}`);
    }
    if (!allowed.includes(response.status))
      wrongStatus.push(`${caller.name} ${label} → ${response.status} ${text.slice(0, 200)}`);
  };

  for (const { path, method, op } of operations) {
    const pathParams = op.parameters.filter((p) => p.in === "path").map((p) => p.name);
    const queryParams = op.parameters.filter((p) => p.in === "query").map((p) => p.name);
    const merchantHeader = op.parameters.some((p) => p.in === "header" && p.name === "Merchant-Id");
    const idempotent = op.parameters.some((p) => p.in === "header" && p.name === "Idempotency-Key");
    for (const name of pathParams)
      expect(name in cells[0]!.ids, `${op.operationId}: teach the matrix about path parameter ${name}`).toBe(
        true,
      );
    for (const name of queryParams)
      expect(
        resourceQuery.has(name) || otherQuery.has(name),
        `${op.operationId}: teach the matrix about query parameter ${name}`,
      ).toBe(true);
    if (op.requestBody)
      expect(
        bodies[op.operationId],
        `${op.operationId}: add a valid body to the isolation matrix`,
      ).toBeDefined();
    const bodyNamesResource = op.requestBody
      ? JSON.stringify(bodies[op.operationId]!(cells[0]!.ids)).includes(cells[0]!.ids.paymentId)
      : false;
    const namesResource = pathParams.length > 0 || merchantHeader || bodyNamesResource;

    for (const caller of cells) {
      const api = clients[caller.name];
      const modeRefused = op["x-modes"] && !op["x-modes"].includes(caller.name.split("/")[1]!) ? [403] : [];
      const targets =
        namesResource || queryParams.some((q) => resourceQuery.has(q))
          ? cells.filter((c) => c !== caller)
          : [caller];
      for (const target of targets) {
        const ids = target.ids as Record<string, string | undefined>;
        if (pathParams.some((name) => ids[name] === undefined)) continue; // no refund in live mode
        const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(ids[name]!));
        const query = queryParams
          .filter((q) => resourceQuery.has(q))
          .map((q) => `${q}=${encodeURIComponent(ids[q]!)}`)
          .join("&");
        const full = query ? `${url}?${query}` : url;
        const body = op.requestBody ? bodies[op.operationId]!(target.ids) : undefined;
        // The merchant header names the target's merchant, and (where the path names a resource too) the caller's own.
        const merchants = merchantHeader
          ? pathParams.length > 0
            ? [target.ids.merchantId, caller.ids.merchantId]
            : [target.ids.merchantId]
          : [undefined];
        for (const merchantId of merchants) {
          const options: CallOptions = {
            body,
            merchantId,
            idempotencyKey: idempotent ? freshKey("matrix") : undefined,
          };
          const response = await send(api, method, full, options);
          const label = `${method} ${full}${merchantId ? ` (Merchant-Id ${merchantId})` : ""}`;
          const expected =
            target === caller ? [200, 201] : namesResource ? [404, ...modeRefused] : [200, 404];
          check(caller, label, response, [...expected, ...modeRefused]);
        }
      }
    }
  }

  // Own resources answer (the matrix above is not passing because every id is simply wrong).
  let controls = 0;
  for (const cell of cells) {
    for (const { path, method, op } of operations) {
      if (method !== "GET" || !/\{/.test(path)) continue;
      const ids = cell.ids as Record<string, string | undefined>;
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? "missing");
      if (url.includes("missing")) continue;
      const merchantHeader = op.parameters.some((p) => p.in === "header" && p.name === "Merchant-Id");
      const response = await send(clients[cell.name], method, url, {
        merchantId: merchantHeader ? cell.ids.merchantId : undefined,
      });
      expect(response.status, `${cell.name} GET ${url}`).toBe(200);
      controls++;
    }
  }

  // An Idempotency-Key is the caller's own: another cell reusing one gets a new resource, not the original's replay.
  for (const caller of cells) {
    for (const victim of cells.filter((c) => c !== caller)) {
      const response = await send(clients[caller.name], "POST", "/v1/merchants", {
        body: bodies.Merchants_create!(victim.ids),
        idempotencyKey: victim.merchantCreateKey,
      });
      check(caller, `POST /v1/merchants with ${victim.name}'s Idempotency-Key`, response, [201]);
      expect(response.headers["idempotent-replayed"]).toBeUndefined();
    }
  }

  const after = await Promise.all(cells.map(snapshot));
  console.log(
    `[isolation] ${cases} (caller, resource, operation) cases over ${operations.length} operations and ${cells.length} cells; ${controls} own-resource controls; ${leaks.length} leaks`,
  );
  expect(leaks).toEqual([]);
  expect(wrongStatus).toEqual([]);
  expect(after, "another cell's calls changed nothing").toEqual(before);
});
