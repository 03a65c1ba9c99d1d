import { test as base, expect, type APIRequestContext } from "@playwright/test";
import { walletConnectCheckSkipped } from "./walletconnect-skipped";
import { readFixtures, type Fixtures } from "./fixtures-data";
import { API_VERSIONS, CURRENT_API_VERSION } from "@/lib/core/config/api-version";
import { OpenApiValidator } from "./openapi-validator";
import { expectWalletConnectShape, knowsWalletConnectShape } from "./walletconnect-contract";
import { walletConnectDocuments } from "./walletconnect-documents";

/** A JSON body the test reads freely; its shape is checked against the OpenAPI documents instead. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyBody = any;

export type ApiResponse<T = AnyBody> = { status: number; body: T; headers: Record<string, string> };

export type CallOptions = {
  body?: unknown;
  /** Sent as-is instead of JSON-encoding `body`. */
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
  idempotencyKey?: string;
  merchantId?: string;
  /**
   * Why this answer is one WalletConnect Pay's document does not describe (a Tollgate-only refusal:
   * a permission, a body size, a content type…): it is then checked against Tollgate's document only.
   */
  beyondWalletConnect?: string;
  /**
   * Why this request is not sent again under the other API versions (see `everyVersion`), for the
   * few a repeat would change: a second cancel, a request the test counts.
   */
  once?: string;
};

/** Tollgate's own document and WalletConnect Pay's, of one API version. */
export type VersionDocuments = { tollgate: OpenApiValidator; walletConnect: OpenApiValidator };

/**
 * A /v1 client for one credential. Every response it receives is checked against /v1/openapi.json of
 * the version the request ran under, and against WalletConnect Pay's document of that version
 * wherever theirs describes the operation.
 */
export class ApiClient {
  constructor(
    private readonly request: APIRequestContext,
    private readonly documents: Record<string, VersionDocuments>,
    private readonly credentials: Record<string, string>,
    /** Sent as Tollgate-Version unless the credentials or the call name one. */
    private readonly apiVersion?: string,
    /**
     * Each request that can be repeated without changing anything (a read, a write under its
     * Idempotency-Key, which is answered again, a Gateway quote or action read) is sent again
     * under every other API version, and that answer checked against both documents of its version.
     */
    private readonly everyVersion = false,
  ) {}

  async call<T = AnyBody>(method: string, path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = {
      ...(this.apiVersion ? { "Tollgate-Version": this.apiVersion } : {}),
      ...this.credentials,
      ...options.headers,
    };
    if (
      headers["Wcp-Version"] &&
      (options.headers?.["Wcp-Version"] || this.credentials["Wcp-Version"]) &&
      !options.headers?.["Tollgate-Version"] &&
      !this.credentials["Tollgate-Version"]
    )
      delete headers["Tollgate-Version"];
    if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
    if (options.merchantId) headers["Merchant-Id"] = options.merchantId;
    // A Buffer is sent byte for byte; Playwright would JSON-encode a string sent as application/json.
    let data: string | Buffer | undefined =
      typeof options.rawBody === "string" ? Buffer.from(options.rawBody) : options.rawBody;
    if (data === undefined && options.body !== undefined) {
      data = JSON.stringify(options.body);
      headers["Content-Type"] ??= "application/json";
    }
    const response = await this.request.fetch(path, { method, headers, data, failOnStatusCode: false });
    const text = await response.text();
    const body = text ? JSON.parse(text) : null;
    expect(response.headers()["content-type"], `${method} ${path} content type`).toContain(
      "application/json",
    );
    const pathname = new URL(response.url()).pathname;
    const version = response.headers()["tollgate-version"] ?? CURRENT_API_VERSION;
    this.checkAnswer(method, pathname, version, response.status(), body, options);
    // Tests declared per version (eachApiVersion) already send every request under each.
    if (
      this.everyVersion &&
      !this.apiVersion &&
      !options.once &&
      repeatable(method, path, headers, options, response.status(), body)
    ) {
      // maxPollMs would hold the repeat open for nothing: the first answer already waited.
      const again = path.replace(/([?&])maxPollMs=\d+&?/, "$1").replace(/[?&]$/, "");
      for (const other of API_VERSIONS.filter((v) => v !== version)) {
        const versioned = { ...headers };
        if (versioned["Wcp-Version"] && !versioned["Tollgate-Version"]) versioned["Wcp-Version"] = other;
        else versioned["Tollgate-Version"] = other;
        const repeat = await this.request.fetch(again, {
          method,
          headers: versioned,
          data,
          failOnStatusCode: false,
        });
        const repeatText = await repeat.text();
        expect(repeat.headers()["content-type"], `${method} ${again} under ${other}`).toContain(
          "application/json",
        );
        // Refused before its version was read (authentication) when it names none.
        const answeredIn = repeat.headers()["tollgate-version"] ?? other;
        expect(answeredIn, `${method} ${again} sent under ${other}`).toBe(other);
        this.checkAnswer(
          method,
          pathname,
          other,
          repeat.status(),
          repeatText ? JSON.parse(repeatText) : null,
          options,
        );
      }
    }
    return { status: response.status(), body, headers: response.headers() };
  }

  /** Checks an answer against Tollgate's document of its version and, where theirs describes it, WalletConnect's. */
  private checkAnswer(
    method: string,
    pathname: string,
    version: string,
    status: number,
    body: unknown,
    options: CallOptions,
  ): void {
    const documents = this.documents[version];
    expect(
      documents,
      `${method} ${pathname} answered under version ${version}, which the suite does not know`,
    ).toBeDefined();
    documents!.tollgate.check(method, pathname, status, body);
    // WalletConnect's document is the contract of the tests that run under each version
    // (eachApiVersion, everyVersion) and of the operations only their clients call (Gateway, ecommerce).
    const walletConnectContract =
      Boolean(this.apiVersion) ||
      this.everyVersion ||
      pathname.startsWith("/v1/gateway/") ||
      pathname.startsWith("/v1/merchant/");
    if (options.beyondWalletConnect || !walletConnectContract) {
      // Tollgate's document alone.
    } else if (documents!.walletConnect.covers(method, pathname))
      documents!.walletConnect.check(method, pathname, status, body);
    // The ecommerce operations are in WalletConnect's guides, not in their OpenAPI documents.
    else if (pathname.startsWith("/v1/merchant/")) expectWalletConnectShape(method, pathname, status, body);
  }

  get<T = AnyBody>(path: string, options?: CallOptions) {
    return this.call<T>("GET", path, options);
  }
  post<T = AnyBody>(path: string, body?: unknown, options?: CallOptions) {
    return this.call<T>("POST", path, { ...options, body });
  }
  put<T = AnyBody>(path: string, body?: unknown, options?: CallOptions) {
    return this.call<T>("PUT", path, { ...options, body });
  }
  patch<T = AnyBody>(path: string, body?: unknown, options?: CallOptions) {
    return this.call<T>("PATCH", path, { ...options, body });
  }
  delete<T = AnyBody>(path: string, options?: CallOptions) {
    return this.call<T>("DELETE", path, options);
  }
}

type ApiFixtures = {
  /** The API version every request of the test selects (Tollgate-Version); the account's pinned one when unset. */
  apiVersion: string | undefined;
  /** Each repeatable request is sent again under every other API version (see ApiClient). */
  everyVersion: boolean;
  fixtures: Fixtures;
  /** A client with the given headers (e.g. `{ "Api-Key": key }`), or with none. */
  apiAs: (credentials?: Record<string, string>) => ApiClient;
  /** Account A's test-mode key. */
  api: ApiClient;
};

// Where WalletConnect's documents cannot be read (no clone of WalletConnect/docs on the machine),
// answers are held to the shapes their clients need, written down in walletconnect-contract.ts.
const handWrittenContract = {
  covers: knowsWalletConnectShape,
  check: (method: string, pathname: string, status: number, body: unknown) =>
    expectWalletConnectShape(method, pathname, status, body),
} as unknown as OpenApiValidator;

export const test = base.extend<
  ApiFixtures,
  { documents: Record<string, VersionDocuments>; validator: OpenApiValidator }
>({
  documents: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      // WalletConnect's documents are read when a test first checks against one, so specs that
      // never do run without them.
      let walletConnect: Record<string, object> | null | undefined;
      const documents: Record<string, VersionDocuments> = {};
      for (const version of API_VERSIONS) {
        const tollgate = new OpenApiValidator(
          await (await request.get(`/v1/openapi.json?version=${encodeURIComponent(version)}`)).json(),
        );
        let validator: OpenApiValidator | undefined;
        documents[version] = {
          tollgate,
          get walletConnect() {
            if (walletConnect === undefined) walletConnect = walletConnectDocuments();
            if (!walletConnect) {
              walletConnectCheckSkipped(version);
              return handWrittenContract;
            }
            return (validator ??= new OpenApiValidator(walletConnect[version] as never));
          },
        };
      }
      await request.dispose();
      await use(documents);
    },
    { scope: "worker" },
  ],
  /** Tollgate's document of the current version, for tests that check answers themselves. */
  validator: [
    async ({ documents }, use) => use(documents[CURRENT_API_VERSION]!.tollgate),
    { scope: "worker" },
  ],
  apiVersion: [undefined, { option: true }],
  everyVersion: [false, { option: true }],
  fixtures: async ({}, use) => use(readFixtures()),
  apiAs: async ({ request, documents, apiVersion, everyVersion }, use) =>
    use((credentials = {}) => new ApiClient(request, documents, credentials, apiVersion, everyVersion)),
  api: async ({ apiAs, fixtures }, use) => use(apiAs({ "Api-Key": fixtures.accounts.a.keys.test })),
});

export { expect };

/** Declares the enclosed tests once per API version, each sending that version with every request. */
export function eachApiVersion(declare: (version: string) => void): void {
  for (const version of API_VERSIONS) {
    test.describe(`version ${version}`, () => {
      test.use({ apiVersion: version });
      declare(version);
    });
  }
}

/**
 * Whether sending the request again changes nothing: a read, a write under its Idempotency-Key (its
 * answer is given again, in the repeat's version), or a Gateway read of quotes or actions (asking for
 * options again answers the quotes that hold; `refresh` would end them, so it is not repeated).
 * Answers that a repeat would not reproduce (429, the dependencies' 5xx, a key still in progress) are not repeated.
 */
function repeatable(
  method: string,
  path: string,
  headers: Record<string, string>,
  options: CallOptions,
  status: number,
  body: AnyBody,
): boolean {
  if (status === 429 || status >= 500 || body?.code === "idempotency_in_progress") return false;
  if (method === "GET") return true;
  if (headers["Idempotency-Key"]) return true;
  if (/^\/v1\/gateway\/payment\/[^/]+\/fetch$/.test(path.split("?")[0]!)) return true;
  return (
    /^\/v1\/gateway\/payment\/[^/]+\/options$/.test(path.split("?")[0]!) &&
    !(options.body as { refresh?: unknown } | undefined)?.refresh
  );
}

let counter = 0;
/** A fresh Idempotency-Key. */
export const freshKey = (label = "k") => `${label}-${Date.now()}-${process.pid}-${++counter}`;
