/** What every server action returns: data, or an error with messages for the fields it concerns. */
export type ActionResult<T> =
  | { ok: true; data: T }
  | { ok: false; code: string; error: string; fieldErrors?: Record<string, string> };
