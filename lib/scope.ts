import type { Mode } from "@/lib/db";

/** Whose data a call may touch. Every tenant query filters by both fields. */
export type Scope = { accountId: string; mode: Mode };
