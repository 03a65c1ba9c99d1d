import type { Mode } from "@/lib/core/db";

export const modes = ["test", "live"] as const satisfies readonly Mode[];

export function parseMode(value: string): Mode | null {
  return (modes as readonly string[]).includes(value) ? (value as Mode) : null;
}
