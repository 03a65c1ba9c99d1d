import { describe, expect, it } from "vitest";
import { encode } from "uqr";
import { qrCode } from "./qr-code";

describe("qrCode", () => {
  const uri =
    "ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=0x52908400098527886E0F7030069857D2E4169EE7&uint256=10500000";

  it("draws exactly the dark modules of the encoded text, inside a four-module quiet zone", () => {
    const { size, path } = qrCode(uri);
    const modules = encode(uri, { ecc: "M", border: 0 });
    expect(size).toBe(modules.size + 8);
    const drawn = [...path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map(
      (m) => `${Number(m[1]) - 4},${Number(m[2]) - 4}`,
    );
    const dark = modules.data.flatMap((row, y) => row.flatMap((on, x) => (on ? [`${x},${y}`] : [])));
    expect(drawn).toEqual(dark);
    expect(path.replace(/M\d+ \d+h1v1h-1z/g, "")).toBe("");
  });

  it("grows with the text (a longer URI needs a larger version)", () => {
    expect(qrCode(`${uri}&x=${"1".repeat(200)}`).size).toBeGreaterThan(qrCode(uri).size);
  });
});
