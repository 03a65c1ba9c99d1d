import { test as base, expect, type APIRequestContext } from "@playwright/test";
import { readFixtures, type Fixtures } from "./fixtures-data";
import { OpenApiValidator } from "./openapi-validator";
import { expectWalletConnectShape } from "./walletconnect-contract";

export type ApiResponse<T = any> = { status: number; body: T; headers: Record<string, string> }; // eslint-disable-line @typescript-eslint/no-explicit-any

export type CallOptions = {
  body?: unknown;
  /** Sent as-is instead of JSON-encoding `body`. */
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
  idempotencyKey?: string;
  merchantId?: string;
};

/** A /v1 client for one credential. Every response it receives is checked against /v1/openapi.json. */
export class ApiClient {
  constructor(
    private readonly request: APIRequestContext,
    private readonly validator: OpenApiValidator,
    private readonly credentials: Record<string, string>,
  ) {}

  async call<T = any>(method: string, path: string, options: CallOptions = {}): Promise<ApiResponse<T>> { // eslint-disable-line @typescript-eslint/no-explicit-any
    const headers: Record<string, string> = { ...this.credentials, ...options.headers };
    if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
    if (options.merchantId) headers["Merchant-Id"] = options.merchantId;
    // A Buffer is sent byte for byte; Playwright would JSON-encode a string sent as application/json.
    let data: string | Buffer | undefined = typeof options.rawBody === "string" ? Buffer.from(options.rawBody) : options.rawBody;
    if (data === undefined && options.body !== undefined) {
      data = JSON.stringify(options.body);
      headers["Content-Type"] ??= "application/json";
    }
    const response = await this.request.fetch(path, { method, headers, data, failOnStatusCode: false });
    const text = await response.text();
    const body = text ? JSON.parse(text) : null;
    expect(response.headers()["content-type"], `${method} ${path} content type`).toContain("application/json");
    const pathname = new URL(response.url()).pathname;
    this.validator.check(method, pathname, response.status(), body);
    // The Gateway is what WalletConnect Pay wallets call: their clients' contract holds too.
    if (pathname.startsWith("/v1/gateway/")) expectWalletConnectShape(method, pathname, response.status(), body);
    return { status: response.status(), body, headers: response.headers() };
  }

  get<T = any>(path: string, options?: CallOptions) { return this.call<T>("GET", path, options); } // eslint-disable-line @typescript-eslint/no-explicit-any
  post<T = any>(path: string, body?: unknown, options?: CallOptions) { return this.call<T>("POST", path, { ...options, body }); } // eslint-disable-line @typescript-eslint/no-explicit-any
  put<T = any>(path: string, body?: unknown, options?: CallOptions) { return this.call<T>("PUT", path, { ...options, body }); } // eslint-disable-line @typescript-eslint/no-explicit-any
  patch<T = any>(path: string, body?: unknown, options?: CallOptions) { return this.call<T>("PATCH", path, { ...options, body }); } // eslint-disable-line @typescript-eslint/no-explicit-any
  delete<T = any>(path: string, options?: CallOptions) { return this.call<T>("DELETE", path, options); } // eslint-disable-line @typescript-eslint/no-explicit-any
}

type ApiFixtures = {
  fixtures: Fixtures;
  /** A client with the given headers (e.g. `{ "Api-Key": key }`), or with none. */
  apiAs: (credentials?: Record<string, string>) => ApiClient;
  /** Account A's test-mode key. */
  api: ApiClient;
};

export const test = base.extend<ApiFixtures, { validator: OpenApiValidator }>({
  validator: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      const doc = await (await request.get("/v1/openapi.json")).json();
      await request.dispose();
      await use(new OpenApiValidator(doc));
    },
    { scope: "worker" },
  ],
  fixtures: async ({}, use) => use(readFixtures()),
  apiAs: async ({ request, validator }, use) => use((credentials = {}) => new ApiClient(request, validator, credentials)),
  api: async ({ apiAs, fixtures }, use) => use(apiAs({ "Api-Key": fixtures.accounts.a.keys.test })),
});

export { expect };

let counter = 0;
/** A fresh Idempotency-Key. */
export const freshKey = (label = "k") => `${label}-${Date.now()}-${process.pid}-${++counter}`;
