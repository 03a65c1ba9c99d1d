import "server-only";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import type { Viewer } from "./session";

export type ActiveSession = {
  id: string;
  device: string;
  ipAddress: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  current: boolean;
};

/** The viewer's signed-in sessions, this one first, then by last seen. */
export async function listUserSessions(viewer: Viewer): Promise<ActiveSession[]> {
  const rows = await db().userSession.findMany({
    where: { userId: viewer.user.id, revokedAt: null, expiresAt: { gt: new Date() } },
    orderBy: { lastSeenAt: "desc" },
    select: { id: true, userAgent: true, ipAddress: true, createdAt: true, lastSeenAt: true },
  });
  return rows
    .map(({ userAgent, ...row }) => ({
      ...row,
      device: describeDevice(userAgent),
      current: row.id === viewer.sessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/**
 * Signs out some of the viewer's own other sessions (one, or all the page listed); never someone
 * else's, and never this one (that is the ordinary sign-out).
 */
export async function signOutSessions(viewer: Viewer, sessionIds: string[]): Promise<number> {
  const { count } = await db().userSession.updateMany({
    where: {
      userId: viewer.user.id,
      revokedAt: null,
      AND: [{ id: { in: sessionIds } }, { id: { not: viewer.sessionId } }],
    },
    data: { revokedAt: new Date() },
  });
  if (count === 0) throw new AppError("not_found", "Those sessions have already ended.");
  return count;
}

/** "Chrome on macOS" from a user agent: enough to recognise one's own devices, no parser needed. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const browser =
    [
      ["Edg/", "Edge"],
      ["OPR/", "Opera"],
      ["Firefox/", "Firefox"],
      ["HeadlessChrome/", "Headless Chrome"],
      ["Chrome/", "Chrome"],
      ["Safari/", "Safari"],
      ["curl/", "curl"],
    ].find(([token]) => userAgent.includes(token!))?.[1] ?? "Browser";
  const system = [
    ["iPhone", "iPhone"],
    ["iPad", "iPad"],
    ["Android", "Android"],
    ["Windows", "Windows"],
    ["Mac OS X", "macOS"],
    ["CrOS", "ChromeOS"],
    ["Linux", "Linux"],
  ].find(([token]) => userAgent.includes(token!))?.[1];
  return system ? `${browser} on ${system}` : browser!;
}
