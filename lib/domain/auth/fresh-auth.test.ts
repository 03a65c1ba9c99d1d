import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import { withTestDatabase } from "@/lib/core/testing/test-database";
import { freshAuthMinutes, markReauthenticated, requireFreshAuth } from "./fresh-auth";
import type { Viewer } from "./session";
import { startUserSession } from "./user-sessions";

withTestDatabase();

async function signedIn(): Promise<Viewer> {
  const id = newId("user");
  await db().user.create({
    data: { id, email: `${id.toLowerCase()}@shop.example`, name: "Fred", passwordHash: "x" },
  });
  const sessionId = await startUserSession(id, { userAgent: null, ipAddress: null });
  return {
    user: {
      id,
      email: "",
      name: "Fred",
      emailVerified: true,
      totpEnabled: false,
      passkeys: 0,
      twoFactorEnabled: false,
    },
    sessionId,
    account: { id: "acct_x", name: "X", requireTwoFactor: false },
    role: "owner",
  };
}

const ageReauthentication = (viewer: Viewer, minutes: number) =>
  db().userSession.update({
    where: { id: viewer.sessionId },
    data: { reauthenticatedAt: new Date(Date.now() - minutes * 60_000) },
  });

describe("re-authentication", () => {
  it("opens gated actions for freshAuthMinutes, then asks again", async () => {
    const viewer = await signedIn();
    await expect(requireFreshAuth(viewer)).rejects.toMatchObject({ code: "reauthentication_required" });
    await markReauthenticated(viewer.sessionId);
    await expect(requireFreshAuth(viewer)).resolves.toBeUndefined();
    await ageReauthentication(viewer, freshAuthMinutes - 0.5);
    await expect(requireFreshAuth(viewer)).resolves.toBeUndefined();
    await ageReauthentication(viewer, freshAuthMinutes + 0.5);
    await expect(requireFreshAuth(viewer)).rejects.toMatchObject({
      code: "reauthentication_required",
      message: expect.stringContaining("Confirm it is you"),
    });
  });

  it("belongs to the session that re-authenticated, not to the person's other sessions", async () => {
    const viewer = await signedIn();
    const other = {
      ...viewer,
      sessionId: await startUserSession(viewer.user.id, { userAgent: null, ipAddress: null }),
    };
    await markReauthenticated(viewer.sessionId);
    await expect(requireFreshAuth(other)).rejects.toMatchObject({ code: "reauthentication_required" });
  });
});
