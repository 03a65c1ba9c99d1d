import { describe, expect, it } from "vitest";
import { weakPasswordReason } from "./weak-password";

describe("weakPasswordReason", () => {
  it.each([
    "aaaaaaaaaa",
    "ababababab",
    "1234567890",
    "0987654321",
    "qwertyuiop",
    "1q2w3e4r5t",
    "password123",
    "Password2024!",
    "iloveyou12",
    "Tollgate2026",
    "!!welcome!!",
    "qwertyqwerty",
  ])("refuses %s", (password) => {
    expect(weakPasswordReason(password)).not.toBeNull();
  });
  it.each([
    "correct horse battery",
    "demo-owner-password",
    "pw-a-mwu3yxg0",
    "bench-password-1",
    "Gx7!pq2mZr",
    "my cat eats plums",
  ])("accepts %s", (password) => {
    expect(weakPasswordReason(password)).toBeNull();
  });
});
