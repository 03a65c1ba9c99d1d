import { describe, expect, it } from "vitest";
import { contrastRatio, textOnAccent } from "./accent-color";

describe("textOnAccent", () => {
  it("puts white on dark accents and dark ink on light ones", () => {
    expect(textOnAccent("#4f46e5")).toBe("#ffffff");
    expect(textOnAccent("#fde047")).toBe("#0f172a");
    expect(textOnAccent("#ffffff")).toBe("#0f172a");
  });

  it("keeps at least 4.5:1 for every grey and the colours between white and dark ink's reach", () => {
    for (let v = 0; v <= 255; v += 1) {
      const h = v.toString(16).padStart(2, "0");
      for (const accent of [
        `#${h}${h}${h}`,
        `#${h}0000`,
        `#00${h}00`,
        `#0000${h}`,
        `#${h}${h}00`,
        `#00${h}${h}`,
        `#${h}00${h}`,
      ]) {
        expect(contrastRatio(accent, textOnAccent(accent)), accent).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it("measures contrast as WCAG does", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
  });
});
