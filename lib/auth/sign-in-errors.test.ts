import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address";
import { rateLimitedError, serverError, signInErrorMessage } from "./sign-in-errors";

describe("sign-in error messages", () => {
  it("tell a limited person how long to wait, and a mismatch apart from a failure on our side", () => {
    expect(signInErrorMessage(rateLimitedError(87))).toBe("Too many attempts; try again in 87 seconds.");
    expect(signInErrorMessage("CredentialsSignin")).toBe("That email and password do not match an account.");
    expect(signInErrorMessage(serverError)).toBe("Signing in failed for a reason on our side. Try again in a moment.");
    expect(signInErrorMessage("RateLimited:soon")).toBe("Too many attempts; try again in a few seconds.");
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
