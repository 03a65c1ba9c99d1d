import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import { encrypt } from "@/lib/core/config/secrets";
import { withTestDatabase } from "@/lib/core/testing/test-database";
import { checkSecondFactor } from "./second-factor";

withTestDatabase();

async function userWithTotp({ enabled }: { enabled: boolean }) {
  const secret = new Secret({ size: 20 }).base32;
  const id = newId("user");
  await db().user.create({
    data: {
      id,
      email: `${id.toLowerCase()}@shop.example`,
      name: "Tess",
      passwordHash: "x",
      totpSecret: encrypt(secret),
      totpEnabledAt: enabled ? new Date() : null,
    },
  });
  const code = (offsetSteps = 0) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({
      timestamp: Date.now() + offsetSteps * 30_000,
    });
  return { id, code };
}

describe("authenticator codes", () => {
  it("accepts a code once: the same code replayed within its validity window is refused", async () => {
    const user = await userWithTotp({ enabled: true });
    const code = user.code();
    expect(await checkSecondFactor(user.id, code)).toEqual({ ok: true });
    expect(await checkSecondFactor(user.id, code)).toEqual({ ok: false, reason: "mismatch" });
    // An earlier code (still within the drift window) is refused too: time only moves forward.
    expect(await checkSecondFactor(user.id, user.code(-1))).toEqual({ ok: false, reason: "mismatch" });
    // The next step's code is new, and accepted (once).
    expect(await checkSecondFactor(user.id, user.code(1))).toEqual({ ok: true });
    expect(await checkSecondFactor(user.id, user.code(1))).toEqual({ ok: false, reason: "mismatch" });
  });

  it("two racing uses of one code: exactly one wins", async () => {
    const user = await userWithTotp({ enabled: true });
    const code = user.code();
    const results = await Promise.all([checkSecondFactor(user.id, code), checkSecondFactor(user.id, code)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it("a secret still being set up signs nothing in; only its own confirmation may use it", async () => {
    const user = await userWithTotp({ enabled: false });
    expect(await checkSecondFactor(user.id, user.code())).toEqual({ ok: false, reason: "mismatch" });
    expect(await checkSecondFactor(user.id, user.code(), { pendingSetup: true })).toEqual({ ok: true });
  });
});
