import "server-only";
import type { DbOrTx } from "@/lib/core/db";

/** An audit actor (`user:<id>`, `api_key:<id>`, `system`) in words for a person: an email or a key's name. */
export async function describeActor(q: DbOrTx, actor: string): Promise<string> {
  const [kind, id] = actor.split(":", 2);
  if (kind === "user" && id) {
    const user = await q.user.findUnique({ where: { id }, select: { email: true } });
    return user?.email ?? actor;
  }
  if (kind === "api_key" && id) {
    const key = await q.apiKey.findUnique({
      where: { id },
      select: { name: true, prefix: true, last4: true },
    });
    return key ? `API key “${key.name}” (${key.prefix}…${key.last4})` : actor;
  }
  return actor === "system" ? "Tollgate (operator)" : actor;
}
