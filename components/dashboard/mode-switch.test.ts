import { describe, expect, it } from "vitest";
import { modeSwitchHref } from "./mode-switch";

describe("modeSwitchHref", () => {
  it("keeps the page and its filters when switching mode", () => {
    expect(modeSwitchHref("/test/developers/webhooks", "", "live")).toBe("/live/developers/webhooks");
    expect(modeSwitchHref("/live/payments", "", "test")).toBe("/test/payments");
    expect(modeSwitchHref("/test", "", "live")).toBe("/live");
    expect(modeSwitchHref("/test/payments", "status=succeeded&q=ann%40shop.example", "live")).toBe(
      "/live/payments?status=succeeded&q=ann%40shop.example",
    );
  });

  it("drops what names one mode's rows: a merchant filter and a page cursor", () => {
    expect(
      modeSwitchHref(
        "/test/payments",
        "merchantId=mrch_AbCdEfGh1234567890123456&cursor=abc&status=failed",
        "live",
      ),
    ).toBe("/live/payments?status=failed");
  });

  it("keeps an open payment, marked as switched, so its page shows it or the list", () => {
    expect(modeSwitchHref("/test/payments/pay_AbCdEfGh1234567890123456", "", "live")).toBe(
      "/live/payments/pay_AbCdEfGh1234567890123456?switched=1",
    );
  });

  it("goes to the list for another resource of the other mode", () => {
    expect(modeSwitchHref("/live/developers/webhooks/we_AbCdEfGh1234567890123456", "", "test")).toBe(
      "/test/developers/webhooks",
    );
    expect(modeSwitchHref("/test/merchants/mrch_AbCdEfGh1234567890123456", "x=1", "live")).toBe(
      "/live/merchants",
    );
  });
});
