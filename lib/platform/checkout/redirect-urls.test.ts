import { describe, expect, it } from "vitest";
import { checkoutRedirects } from "./redirect-urls";

describe("checkoutRedirects", () => {
  it("adds payment_id to each URL's own query, and is null without both", () => {
    expect(
      checkoutRedirects({
        id: "pay_1",
        checkoutSuccessUrl: "https://shop.example/done?order=7",
        checkoutErrorUrl: "https://shop.example/oops",
      }),
    ).toEqual({
      success: "https://shop.example/done?order=7&payment_id=pay_1",
      error: "https://shop.example/oops?payment_id=pay_1",
    });
    expect(checkoutRedirects({ id: "pay_1", checkoutSuccessUrl: null, checkoutErrorUrl: null })).toBeNull();
  });
});
