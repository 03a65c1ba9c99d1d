import { describe, expect, it } from "vitest";
import { modeSwitchHref } from "./mode-toggle";

describe("modeSwitchHref", () => {
  it("keeps the page when switching mode", () => {
    expect(modeSwitchHref("/test/developers/webhooks", "live")).toBe("/live/developers/webhooks");
    expect(modeSwitchHref("/live/payments", "test")).toBe("/test/payments");
    expect(modeSwitchHref("/test", "live")).toBe("/live");
  });

  it("goes to the list for a resource of the other mode", () => {
    expect(modeSwitchHref("/test/payments/pay_AbCdEfGh1234567890123456", "live")).toBe("/live/payments");
    expect(modeSwitchHref("/live/developers/webhooks/we_AbCdEfGh1234567890123456", "test")).toBe(
      "/test/developers/webhooks",
    );
    expect(modeSwitchHref("/test/merchants/mrch_AbCdEfGh1234567890123456", "live")).toBe("/live/merchants");
  });
});
