import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./export-payments";

describe("CSV cells", () => {
  it("leaves plain text as it is", () => {
    expect(csvLine(["pay_1", "order 7", "1050", null])).toBe("pay_1,order 7,1050,\r\n");
  });

  it("quotes commas, quotes and line breaks, doubling inner quotes", () => {
    expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
  });

  it("keeps a spreadsheet from running a cell as a formula", () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell("+1+2")).toBe("'+1+2");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=1")).toBe("'\t=1");
    expect(csvCell("a=1")).toBe("a=1");
  });
});
