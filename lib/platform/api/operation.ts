import type { z } from "zod";
import type { Mode, Prisma } from "@/lib/core/db";
import type { CallContext } from "@/lib/domain/context/call-context";
import type { ApiPermission } from "@/lib/domain/permissions/api-key-permissions";
import type { ErrorCode } from "@/lib/core/errors/errors";
import type { ApiContext } from "./context";
import type { VersionChange } from "./versioned-shapes";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

type Empty = z.ZodType<undefined>;

/**
 * One `/v1` operation, declared once: its schemas drive validation and the OpenAPI document, and
 * its handler is a plain function of (context, parsed input) that any HTTP layer can mount.
 */
export type Operation<
  P extends z.ZodType = Empty,
  Q extends z.ZodType = Empty,
  B extends z.ZodType = Empty,
  R extends z.ZodType = z.ZodType,
> = {
  id: string;
  summary: string;
  tag: string;
  method: HttpMethod;
  /** OpenAPI path template, e.g. `/v1/merchants/{merchantId}`. */
  path: string;
  /** `api_key_or_app` also admits an App-Id + Client-Id caller (status reads only). */
  auth?: "api_key" | "api_key_or_app";
  permission?: ApiPermission;
  /** Modes whose keys may call this; both when absent. */
  modes?: Mode[];
  idempotency?: "required" | "optional";
  /**
   * The handler's domain functions open their own transactions (they wait on a chain or a long poll
   * in between, or must commit before a broadcast: README, "Conventions"), so a write is not wrapped
   * in one (ctx.tx is the client), and an Idempotency-Key is not needed: the operation is
   * idempotent by itself.
   */
  ownTransactions?: true;
  /**
   * The Merchant-Id header is required and handed to the handler, which scopes its reads and writes
   * to that merchant of the caller's account and mode, so a wrong id ends in not_found there.
   */
  merchantHeader?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  status: 200 | 201;
  response: R;
  /**
   * How the shapes above differ in older API versions: each change a transformation of them,
   * never a copy of the operation (see ./versioned-shapes.ts).
   */
  versions?: VersionChange[];
  /** Error codes this operation can answer with, beyond the ones every operation can. */
  errors?: ErrorCode[];
  /** "walletconnect": errors are answered in WalletConnect Pay's codes (lib/core/errors/walletconnect-errors.ts). */
  errorVocabulary?: "walletconnect";
  handler: (
    input: OperationInput<P, Q, B> & {
      /**
       * The caller and the call context: for a write, ctx.tx is the transaction this definition
       * opened (shared with the idempotency record); for a read, the client.
       */
      ctx: OperationContext;
    },
  ) => Promise<z.input<R>>;
  /**
   * The write as one SQL statement, for the hottest writes: does the reads the answer needs and
   * returns the answer with the statement that makes it true (see runPlanned in ./idempotency.ts).
   * Nothing else may be written, and the handler must give the same answer: it runs instead
   * whenever the statement writes nothing (a refusal, or a key used before).
   */
  plan?: (input: OperationInput<P, Q, B>) => Promise<PlannedWrite<z.input<R>>>;
};

type OperationInput<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = {
  ctx: ApiContext;
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
  merchantId: string;
  signal: AbortSignal;
};

/** Who calls (ApiContext, which is also its scope) and the call context (lib/domain/context/call-context.ts) it runs in. */
export type OperationContext = ApiContext & CallContext;

export type PlannedWrite<Body = unknown> = {
  body: Body;
  /** `name AS (…)` clauses, comma-separated, that write; the one named `written` yields a row if they did. */
  ctes: Prisma.Sql;
  written: string;
  /** The statement's name, to prepare it once per connection: its text must not vary. */
  name: string;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry holds operations of every shape
export type AnyOperation = Operation<any, any, any, any>;

export function defineOperation<
  P extends z.ZodType = Empty,
  Q extends z.ZodType = Empty,
  B extends z.ZodType = Empty,
  R extends z.ZodType = z.ZodType,
>(operation: Operation<P, Q, B, R>): Operation<P, Q, B, R> {
  return operation;
}
