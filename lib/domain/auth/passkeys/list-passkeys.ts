import "server-only";
import { db } from "@/lib/core/db";
import type { Viewer } from "@/lib/domain/auth/session";

export type PasskeySummary = {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  backedUp: boolean;
};

/** The viewer's own passkeys, newest first. */
export async function listPasskeys(viewer: Viewer): Promise<PasskeySummary[]> {
  return db().passkey.findMany({
    where: { userId: viewer.user.id },
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true, createdAt: true, lastUsedAt: true, backedUp: true },
  });
}
