// Test-only database fixtures, served by the test server (which alone may open the embedded
// database) on loopback beside it. For setup that is not a test's subject: an owner who signed up
// long ago, a payment whose expiry has passed. Never part of the product's server.
import http from "node:http";
import { controlPort } from "./settings";

export type NewOwner = { accountName: string; name: string; email: string; password: string };
/** Bodies as the API takes them (POST /v1/merchants, …/settlements/crypto, /v1/payments, …/simulate); `merchant` indexes `merchants`. */
export type PaymentsSeed = {
  apiKey: string;
  merchants: { body: unknown; settlements?: unknown }[];
  payments: { merchant: number; body: unknown; outcome?: string }[];
};
export type SeededRows = {
  merchants: { id: string; name: string }[];
  payments: { id: string; status: string; createdAt: string }[];
};
type Handlers = {
  /** A new account whose owner has confirmed their email, as sign-up and its mailed link leave it. */
  owner: (values: NewOwner) => Promise<{ accountId: string }>;
  /** One SQL statement with $1… parameters, for dating rows back (time cannot pass in a test). */
  sql: (statement: string, params: unknown[]) => Promise<{ count: number }>;
  /**
   * Merchants and payments written as the API key would write them, through the same domain
   * functions, in-process: a thousand payments in seconds instead of a thousand HTTP round trips.
   */
  payments: (seed: PaymentsSeed) => Promise<SeededRows>;
  /** The chain watcher's saved cursor: the last block it will not read again, or null before its first pass. */
  chainCursor: (chainId: string) => Promise<{ blockNumber: number | null }>;
};

// Each answer closes its connection: a kept-alive one could be closed by this server's idle timer
// just as the test sends its next call on it (ECONNRESET), while the process is busy.
const answerHeaders = { "Content-Type": "application/json", Connection: "close" };

/** Started by e2e/support/test-server.ts once the database is ready. */
export function serveTestControl(handlers: Handlers): Promise<void> {
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", async () => {
      try {
        const input = JSON.parse(body || "{}");
        const answer =
          req.url === "/owner"
            ? await handlers.owner(input as NewOwner)
            : req.url === "/sql"
              ? await handlers.sql(input.statement, input.params ?? [])
              : req.url === "/payments"
                ? await handlers.payments(input as PaymentsSeed)
                : req.url === "/chain-cursor"
                  ? await handlers.chainCursor(input.chainId)
                  : null;
        res
          .writeHead(answer ? 200 : 404, answerHeaders)
          .end(JSON.stringify(answer ?? { error: `no fixture ${req.url}` }));
      } catch (error) {
        res.writeHead(500, answerHeaders).end(JSON.stringify({ error: String(error) }));
      }
    });
  });
  server.unref();
  return new Promise((resolve) => server.listen(controlPort, "127.0.0.1", () => resolve()));
}

async function call<T>(pathName: string, input: unknown): Promise<T> {
  const response = await fetch(`http://127.0.0.1:${controlPort}${pathName}`, {
    method: "POST",
    body: JSON.stringify(input),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`test control ${pathName}: ${JSON.stringify(answer)}`);
  return answer as T;
}

/** See Handlers.owner. */
export const createConfirmedOwner = (values: NewOwner) => call<{ accountId: string }>("/owner", values);

/** See Handlers.payments. */
export const seedPaymentRows = (seed: PaymentsSeed) => call<SeededRows>("/payments", seed);

/** See Handlers.sql. */
export const runSql = (statement: string, ...params: unknown[]) =>
  call<{ count: number }>("/sql", { statement, params });

/** See Handlers.chainCursor. */
export const chainCursor = (chainId: string) =>
  call<{ blockNumber: number | null }>("/chain-cursor", { chainId });
