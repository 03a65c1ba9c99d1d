import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import { withTestDatabase } from "@/lib/core/testing/test-database";
import { issueEmailToken } from "./email-tokens";
import { openEmailLink } from "./open-email-link";

withTestDatabase();

const unusable = "This link does not work.";

async function mailedLink(): Promise<{ token: string; email: string }> {
  const id = newId("user");
  const email = `${id.toLowerCase()}@shop.example`;
  await db().user.create({ data: { id, email, name: "Lin", passwordHash: "x" } });
  return { token: await issueEmailToken(db(), id, "verify_email"), email };
}

describe("links opened from one address", () => {
  // More good links than the thirty wrong ones allowed.
  it("an office following many good links is never refused", { timeout: 30_000 }, async () => {
    const links = await Promise.all(Array.from({ length: 32 }, mailedLink));
    for (const { token, email } of links)
      await expect(openEmailLink(token, "verify_email", "198.51.100.7", unusable)).resolves.toEqual({
        ok: true,
        email,
      });
  });

  it(
    "thirty wrong tokens are answered; then even a good one is refused until time passes",
    { timeout: 30_000 },
    async () => {
      const address = "198.51.100.8";
      for (let i = 0; i < 30; i++)
        await expect(openEmailLink(`guess${i}`, "verify_email", address, unusable)).resolves.toEqual({
          ok: false,
          problem: unusable,
        });
      const { token } = await mailedLink();
      const refused = await openEmailLink(token, "verify_email", address, unusable);
      expect(refused).toMatchObject({
        ok: false,
        problem: expect.stringMatching(/^Too many links tried from your network\. Try again in 1 minute\.$/),
      });
      // Another address is not affected.
      await expect(openEmailLink(token, "verify_email", "198.51.100.9", unusable)).resolves.toMatchObject({
        ok: true,
      });
    },
  );
});
