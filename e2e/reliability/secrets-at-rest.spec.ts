import { ApiClient, expect, freshKey, test } from "../support/api";
import { extraPort } from "../support/settings";
import { scratchDatabase } from "./scratch-server";

// Whoever reads the database (a backup, a replica, a support query) learns no credential: every
// text and JSON column of every table is searched for the API key and the webhook signing secrets
// the API handed out, including through idempotent requests whose responses are kept for replay.

test("the database holds no API key or webhook signing secret in plaintext", async ({
  playwright,
  documents,
}) => {
  test.setTimeout(240_000);
  const scratch = await scratchDatabase("secrets", { TOLLGATE_WORKER: "off" });
  const server = await scratch.start(extraPort(3));
  try {
    const key = scratch.testKey();
    expect(key).toMatch(/^svc_test_/);
    const context = await playwright.request.newContext({ baseURL: server.url });
    const api = new ApiClient(context, documents, { "Api-Key": key });
    const body = { url: "http://127.0.0.1:65000/secrets", events: ["*"] };
    const idempotencyKey = freshKey("secret");
    const created = await api.post("/v1/webhook-endpoints", body, { idempotencyKey });
    expect(created.status).toBe(201);
    // The retry of a create still gets the secret: the stored response is readable by the server.
    const replayed = await api.post("/v1/webhook-endpoints", body, { idempotencyKey });
    expect(replayed.headers["idempotent-replayed"]).toBe("true");
    expect(replayed.body.secret).toBe(created.body.secret);
    const plain = await api.post("/v1/webhook-endpoints", body);
    const rotated = await api.post(`/v1/webhook-endpoints/${plain.body.id}/rotate-secret`, undefined, {
      idempotencyKey: freshKey("rotate"),
    });
    expect(rotated.status).toBe(200);
    await context.dispose();
    await server.stop();

    const secrets = [
      key,
      key.slice("svc_test_".length),
      ...[created, plain, rotated].flatMap((r) => [
        r.body.secret as string,
        (r.body.secret as string).replace(/^whsec_/, ""),
      ]),
    ];
    for (const secret of secrets) expect(secret).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    const { found, columns } = await scratch.query(async (sql) => {
      const columns = await sql(
        `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'json', 'jsonb')`,
      );
      const found: string[] = [];
      for (const { table_name: table, column_name: column } of columns) {
        for (const secret of secrets) {
          const [{ n }] = (await sql(
            `SELECT count(*)::int AS n FROM "${table}" WHERE "${column}"::text LIKE '%${secret}%'`,
          )) as [{ n: number }];
          if (Number(n) > 0) found.push(`${table}.${column} holds ${secret.slice(0, 12)}…`);
        }
      }
      return { found, columns: columns.length };
    });
    console.log(
      `[secrets] ${secrets.length} secrets searched for in ${columns} text/JSON columns: ${found.length} found`,
    );
    expect(columns).toBeGreaterThan(20);
    expect(found).toEqual([]);
  } finally {
    await server.stop();
    await scratch.drop();
  }
});
