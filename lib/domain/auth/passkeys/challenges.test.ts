import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import { withTestDatabase } from "@/lib/core/testing/test-database";
import { consumeChallenge, issueChallenge } from "./challenges";

withTestDatabase();

async function newUser(): Promise<string> {
  const id = newId("user");
  await db().user.create({
    data: { id, email: `${id.toLowerCase()}@shop.example`, name: "Pat", passwordHash: "x" },
  });
  return id;
}

describe("WebAuthn challenges", () => {
  it("are spent by their first answer, and only by their own person, purpose and sign-in", async () => {
    const userId = await newUser();
    const owner = { userId, purpose: "reauthenticate" as const, sessionId: "sess_a" };
    const challenge = await issueChallenge(owner);
    expect(await consumeChallenge(challenge, { ...owner, sessionId: "sess_b" })).toBe(false);
    expect(await consumeChallenge(challenge, { ...owner, purpose: "sign_in", sessionId: null })).toBe(false);
    expect(await consumeChallenge(challenge, { ...owner, userId: await newUser() })).toBe(false);
    expect(await consumeChallenge(challenge, owner)).toBe(true);
    expect(await consumeChallenge(challenge, owner)).toBe(false);
  });

  it("expire, and a new one replaces the earlier one of the same ceremony", async () => {
    const userId = await newUser();
    const owner = { userId, purpose: "sign_in" as const, sessionId: null };
    const expired = await issueChallenge(owner);
    await db().webAuthnChallenge.update({
      where: { challenge: expired },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await consumeChallenge(expired, owner)).toBe(false);
    const first = await issueChallenge(owner);
    const second = await issueChallenge(owner);
    expect(await consumeChallenge(first, owner)).toBe(false);
    expect(await consumeChallenge(second, owner)).toBe(true);
    expect(await db().webAuthnChallenge.count({ where: { userId } })).toBe(0);
  });
});
