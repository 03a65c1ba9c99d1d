import "server-only";
import { z } from "zod";
import { can, type Permission } from "@/lib/auth/permissions";
import { currentViewer, type Viewer } from "@/lib/auth/session";
import { AppError, toErrorResponse } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { modes } from "@/lib/modes";
import type { Scope } from "@/lib/scope";
import { fieldErrors } from "@/lib/validation";
import type { ActionResult } from "./result";

export type ActionContext = { viewer: Viewer; scope: Scope; actor: string };

const ModeInput = z.object({ mode: z.enum(modes) });

/**
 * Builds a server action: session → role has `permission` → input parsed by `schema` (plus the
 * dashboard mode) → handler. Every refusal comes back as an ActionResult, never a thrown error, so
 * the form can show it; unexpected errors are logged and shown only with a request id.
 */
export function authorizedAction<S extends z.ZodObject, R>(
  permission: Permission,
  schema: S,
  handler: (ctx: ActionContext, input: z.output<S>) => Promise<R>,
): (input: z.input<S> & { mode: string }) => Promise<ActionResult<R>> {
  const full = schema.extend(ModeInput.shape);
  return async (raw) => {
    try {
      const viewer = await currentViewer();
      if (!viewer) throw new AppError("unauthenticated", "Your session has ended. Sign in again.");
      if (!can(viewer.role, permission)) {
        throw new AppError("forbidden", `Your role (${viewer.role}) does not allow this. Ask an owner or admin.`);
      }
      const parsed = full.safeParse(raw);
      if (!parsed.success) return invalidInput(parsed.error);
      const { mode, ...input } = parsed.data as z.output<S> & { mode: Scope["mode"] };
      const ctx = { viewer, scope: { accountId: viewer.account.id, mode }, actor: `user:${viewer.user.id}` };
      return { ok: true, data: await handler(ctx, input as z.output<S>) };
    } catch (error) {
      return failure(error);
    }
  };
}

/**
 * A server action anyone may call, signed in or not (sign-up, accepting an invitation): input parsed
 * by `schema` → handler, with refusals and errors returned as for `authorizedAction`.
 */
export function publicAction<S extends z.ZodObject, R>(schema: S, handler: (input: z.output<S>) => Promise<R>): (input: z.input<S>) => Promise<ActionResult<R>> {
  return async (raw) => {
    try {
      const parsed = schema.safeParse(raw);
      if (!parsed.success) return invalidInput(parsed.error);
      return { ok: true, data: await handler(parsed.data) };
    } catch (error) {
      return failure(error);
    }
  };
}

function invalidInput(error: z.ZodError): ActionResult<never> {
  return { ok: false, code: "params_validation", error: "Please correct the highlighted fields.", fieldErrors: fieldErrors(error) };
}

function failure(error: unknown): ActionResult<never> {
  const { body } = toErrorResponse(error, newId("req"));
  const fields = error instanceof AppError ? (error.details?.fields as Record<string, string> | undefined) : undefined;
  return { ok: false, code: body.code, error: body.message, ...(fields ? { fieldErrors: fields } : {}) };
}
