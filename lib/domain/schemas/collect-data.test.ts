import { describe, expect, it } from "vitest";
import { checkCollectedData } from "./collect-data";

describe("checkCollectedData", () => {
  it("keeps what was asked for and names each detail missing or malformed", () => {
    const sent = [
      { id: "fullName", value: " Ada Lovelace " },
      { id: "dob", value: "10/12/1815" },
      { id: "ssn", value: "not asked" },
    ];
    expect(checkCollectedData(["fullName", "dob", "porCountry"], sent)).toEqual({
      values: { fullName: "Ada Lovelace" },
      problems: { "collectedData.dob": "A date as YYYY-MM-DD.", "collectedData.porCountry": "Required." },
    });
    expect(
      checkCollectedData(
        ["dob", "porCountry"],
        [
          { id: "dob", value: "1815-12-10" },
          { id: "porCountry", value: "GB" },
        ],
      ).problems,
    ).toEqual({});
  });
});
