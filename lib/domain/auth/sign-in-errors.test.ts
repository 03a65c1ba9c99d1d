import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address";
import {
  rateLimitedError,
  secondFactorRequiredError,
  secondFactorsOffered,
  serverError,
  signInErrorMessage,
} from "./sign-in-errors";

describe("sign-in error messages", () => {
  it("tell a limited person how long to wait, and a mismatch apart from a failure on our side", () => {
    expect(signInErrorMessage(rateLimitedError(87))).toBe("Too many attempts; try again in 87 seconds.");
    expect(signInErrorMessage("CredentialsSignin")).toBe("That email and password do not match an account.");
    expect(signInErrorMessage(serverError)).toBe(
      "Signing in failed for a reason on our side. Try again in a moment.",
    );
    expect(signInErrorMessage("RateLimited:soon")).toBe("Too many attempts; try again in a few seconds.");
  });
});

describe("the second step's error", () => {
  it("names the factors the login has, and the form reads them back; a login with only an app keeps the plain CodeRequired", () => {
    for (const factors of [
      { code: true, passkey: false },
      { code: false, passkey: true },
      { code: true, passkey: true },
    ]) {
      expect(secondFactorsOffered(secondFactorRequiredError(factors))).toEqual(factors);
    }
    expect(secondFactorRequiredError({ code: true, passkey: false })).toBe("CodeRequired");
    expect(secondFactorsOffered("CredentialsSignin")).toBeNull();
  });
});

describe("client address", () => {
  it("is the first hop of x-forwarded-for, or none", () => {
    expect(clientAddress({ "x-forwarded-for": "203.0.113.9, 10.0.0.1" })).toBe("203.0.113.9");
    expect(clientAddress({ "x-forwarded-for": "::1" })).toBe("::1");
    expect(clientAddress({})).toBeNull();
    expect(clientAddress(undefined)).toBeNull();
  });
});
