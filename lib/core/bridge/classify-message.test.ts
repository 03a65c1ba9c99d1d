import { describe, expect, it } from "vitest";
import { classifyMessage } from "./classify-message";
import { outcomeMessage, type FinalStatus } from "./outcome-message";

const json = (value: unknown) => JSON.stringify(value);

describe("classifyMessage (spec 6 rules 1-3)", () => {
  it.each([
    [
      "the checkout's success message",
      json({ type: "PAY_SUCCESS", success: true, message: "The payment succeeded." }),
    ],
    ["type alone", json({ type: "PAY_SUCCESS" })],
    ["success alone", json({ success: true })],
    ["success with an unknown type", json({ type: "PAY_PENDING", success: true })],
    ["success with other fields", json({ success: true, orderId: 42, nested: { a: 1 } })],
    ["surrounding whitespace", `  \n${json({ type: "PAY_SUCCESS" })}\n `],
  ])("success: %s", (_label, raw) => {
    expect(classifyMessage(raw)).toBe("success");
  });

  it.each([
    [
      "the checkout's failure message",
      json({ type: "PAY_FAILURE", success: false, error: "The payment expired before it was paid." }),
    ],
    ["type alone", json({ type: "PAY_FAILURE" })],
    ["success false alone", json({ success: false })],
    ["success false with an unknown type", json({ type: "SOMETHING", success: false })],
    ["failure type with a non-boolean success", json({ type: "PAY_FAILURE", success: "yes" })],
  ])("failure: %s", (_label, raw) => {
    expect(classifyMessage(raw)).toBe("failure");
  });

  it.each([
    ["success type with success false", json({ type: "PAY_SUCCESS", success: false })],
    ["failure type with success true", json({ type: "PAY_FAILURE", success: true })],
  ])("conflicting fields count as success, which only triggers a status check: %s", (_label, raw) => {
    expect(classifyMessage(raw)).toBe("success");
  });

  it.each([
    ["not JSON", "PAY_SUCCESS"],
    ["truncated JSON", '{"type":"PAY_SUCCESS"'],
    ["empty string", ""],
    ["JSON null", "null"],
    ["JSON true", "true"],
    ["JSON number", "1"],
    ["JSON array holding a success", json([{ type: "PAY_SUCCESS" }])],
    ["double-encoded JSON string", json(json({ type: "PAY_SUCCESS", success: true }))],
    ["empty object", "{}"],
    ["unknown type", json({ type: "PAY_PENDING" })],
    ["lower-case type", json({ type: "pay_success" })],
    ["type with trailing space", json({ type: "PAY_SUCCESS " })],
    ["success as a string", json({ success: "true" })],
    ["success as a number", json({ success: 1 })],
    ["success false as a string", json({ success: "false" })],
    ["success null", json({ success: null })],
    ["type null", json({ type: null })],
    ["fields only in a nested object", json({ data: { type: "PAY_SUCCESS", success: true } })],
  ])("ignore: %s", (_label, raw) => {
    expect(classifyMessage(raw)).toBe("ignore");
  });

  it("ignores a value that is not a string at all (a bridge that hands over an object)", () => {
    expect(classifyMessage({ type: "PAY_SUCCESS" } as unknown as string)).toBe("ignore");
    expect(classifyMessage(undefined as unknown as string)).toBe("ignore");
  });
});

describe("outcomeMessage (what the checkout posts)", () => {
  it("reports a success with a message, and classifies as success", () => {
    const message = outcomeMessage("succeeded");
    expect(message).toEqual({ type: "PAY_SUCCESS", success: true, message: "The payment succeeded." });
    expect(classifyMessage(JSON.stringify(message))).toBe("success");
  });

  it.each<[FinalStatus, string]>([
    ["failed", "The payment failed."],
    ["cancelled", "The payment was cancelled."],
    ["expired", "The payment expired before it was paid."],
  ])("reports %s as a failure with a human-readable error", (status, error) => {
    const message = outcomeMessage(status);
    expect(message).toEqual({ type: "PAY_FAILURE", success: false, error });
    expect(classifyMessage(JSON.stringify(message))).toBe("failure");
  });
});
