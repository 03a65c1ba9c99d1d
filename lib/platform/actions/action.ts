import "server-only";
import { z } from "zod";
import { can, mayUseUnverified, type Permission } from "@/lib/domain/permissions/permissions";
import { asSession } from "@/lib/domain/auth/sensitive-change";
import { currentViewer, mustSetUpTwoFactor, type Viewer } from "@/lib/domain/auth/session";
import { AppError } from "@/lib/core/errors/errors";
import { errorAnswer } from "@/lib/core/log/error-answer";
import { inRequest } from "@/lib/core/log/request-context";
import { modes } from "@/lib/core/tenancy/modes";
import type { Scope } from "@/lib/core/tenancy/scope";
import { inTransaction, readContext, type CallContext } from "@/lib/domain/context/call-context";
import { requestFingerprint, runOnce } from "@/lib/platform/api/idempotency";
import { checkInput } from "@/lib/core/errors/validation";
import type { ActionResult } from "./result";

/** The call context (lib/domain/context/call-context.ts) and the signed-in person it runs for. */
export type ActionContext = CallContext & { viewer: Viewer };

/**
 * What an action does besides reading. `writes`: its handler runs in one transaction the definition
 * opens (ctx.tx), committed when it returns. `once`: besides, it runs at most once per key the
 * input names (a fresh key per opening of a form), so a double click or a retry gets the first
 * call's answer (or its refusal) again instead of doing it twice; the answer must be plain data.
 * Neither: ctx.tx is the client, for reads and for the domain functions that must open their own
 * transactions (README, "Conventions").
 */
export type ActionDeclaration<I> = { writes: true; once?: (input: I) => string };

const ModeInputSchema = z.object({ mode: z.enum(modes) });

type Handler<S extends z.ZodObject, R> = (ctx: ActionContext, input: z.output<S>) => Promise<R>;

/**
 * Builds a server action: session → role has `permission` → input parsed by `schema` (plus the
 * dashboard mode) → in live mode, a verified email unless the permission only reads → handler,
 * in the transaction its declaration asks for. Every refusal comes back as an ActionResult, never a
 * thrown error, so the form can show it; unexpected errors are logged and shown only with a request id.
 */
export function authorizedAction<S extends z.ZodObject, R>(
  permission: Permission,
  schema: S,
  handler: Handler<S, R>,
): (input: z.input<S> & { mode: string }) => Promise<ActionResult<R>>;
export function authorizedAction<S extends z.ZodObject, R>(
  permission: Permission,
  schema: S,
  declared: ActionDeclaration<z.output<S>>,
  handler: Handler<S, R>,
): (input: z.input<S> & { mode: string }) => Promise<ActionResult<R>>;
export function authorizedAction<S extends z.ZodObject, R>(
  permission: Permission,
  schema: S,
  ...rest: [Handler<S, R>] | [ActionDeclaration<z.output<S>>, Handler<S, R>]
): (input: z.input<S> & { mode: string }) => Promise<ActionResult<R>> {
  const [declared, handler] = rest.length === 1 ? [undefined, rest[0]] : rest;
  const full = schema.extend(ModeInputSchema.shape);
  return async (raw) => {
    try {
      const viewer = await currentViewer();
      if (!viewer) throw new AppError("unauthenticated", "Your session has ended. Sign in again.");
      // Looking after one's own login ("account.read") is what such a person must still be able to do.
      if (mustSetUpTwoFactor(viewer) && permission !== "account.read") {
        throw new AppError(
          "forbidden",
          "Your account requires two-factor sign-in. Set it up under Settings → Security first.",
        );
      }
      if (!can(viewer.role, permission)) {
        throw new AppError(
          "forbidden",
          `Your role (${viewer.role}) does not allow this. Ask an owner or admin.`,
        );
      }
      const parsed = checkInput(full, raw);
      if (!parsed.ok) return invalidInput(parsed.fields);
      const { mode, ...input } = parsed.data as z.output<S> & { mode: Scope["mode"] };
      if (!viewer.user.emailVerified && !mayUseUnverified(mode, permission)) {
        throw new AppError(
          "forbidden",
          "Confirm your email address first: changes in live mode wait until you do. Use the link we mailed you, or send a new one from the banner.",
        );
      }
      const scope: Scope = { accountId: viewer.account.id, mode };
      const actor = `user:${viewer.user.id}`;
      const run = (call: CallContext) => handler({ ...call, viewer }, input as z.output<S>);
      const key = declared?.once?.(input as z.output<S>);
      return {
        ok: true,
        data: await asSession({ userId: viewer.user.id, sessionId: viewer.sessionId }, () =>
          key !== undefined
            ? runOnce(scope, actor, key, actionFingerprint(permission, input), run)
            : declared?.writes
              ? inTransaction(scope, actor, run)
              : run(readContext(scope, actor)),
        ),
      };
    } catch (error) {
      return failure(error);
    }
  };
}

/**
 * A server action anyone may call, signed in or not (sign-up, accepting an invitation): input parsed
 * by `schema` → handler, with refusals and errors returned as for `authorizedAction`.
 */
export function publicAction<S extends z.ZodObject, R>(
  schema: S,
  handler: (input: z.output<S>) => Promise<R>,
): (input: z.input<S>) => Promise<ActionResult<R>> {
  return async (raw) => {
    try {
      const parsed = checkInput(schema, raw);
      if (!parsed.ok) return invalidInput(parsed.fields);
      return { ok: true, data: await handler(parsed.data) };
    } catch (error) {
      return failure(error);
    }
  };
}

/** Two calls under one key are "the same" when they ask the same (their whole input) under the same permission. */
function actionFingerprint(permission: Permission, input: object): string {
  return requestFingerprint({ method: "ACTION", path: permission, body: input });
}

function invalidInput(fields: Record<string, string>): ActionResult<never> {
  return {
    ok: false,
    code: "params_validation",
    error: "Please correct the highlighted fields.",
    fieldErrors: fields,
  };
}

function failure(error: unknown): ActionResult<never> {
  const { body } = inRequest((requestId) => errorAnswer(error, requestId));
  const fields =
    error instanceof AppError ? (error.details?.fields as Record<string, string> | undefined) : undefined;
  return { ok: false, code: body.code, error: body.message, ...(fields ? { fieldErrors: fields } : {}) };
}
