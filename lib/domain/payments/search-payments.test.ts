import { describe, expect, it } from "vitest";
import { fiatCents, parsePaymentsQuery, paymentsQueryString, paymentsSearch } from "./search-payments";

describe("the payments view in the URL", () => {
  it("turns UTC day bounds into an inclusive date range", () => {
    const { filter, view } = paymentsSearch(
      parsePaymentsQuery(
        new URLSearchParams(
          "from=2026-11-01&to=2026-11-30&status=succeeded&q=%20order-7%20&sort=amount&dir=asc",
        ),
      ),
    );
    expect(filter).toMatchObject({
      createdFrom: "2026-11-01T00:00:00.000Z",
      createdTo: "2026-12-01T00:00:00.000Z",
      status: ["succeeded"],
      limit: 50,
    });
    expect(view).toEqual({ sort: { by: "amount", dir: "asc" }, search: "order-7", before: undefined });
  });

  it("drops values that do not parse instead of failing the page", () => {
    const query = parsePaymentsQuery({
      status: "paid",
      from: "yesterday",
      sort: "merchant",
      dir: ["asc", "desc"],
      q: "",
    });
    expect(query).toEqual({ sort: "createdAt", dir: "asc" });
  });

  it("drops dates the database cannot store and text holding NUL", () => {
    const query = parsePaymentsQuery({
      from: "0000-01-01",
      to: "9999-12-31",
      q: "a\u0000b",
      merchantId: "\u0000",
    });
    expect(query).toEqual({ sort: "createdAt", dir: "desc" });
    expect(parsePaymentsQuery({ from: "0001-01-01" }).from).toBe("0001-01-01");
  });

  it("writes only what differs from the default view", () => {
    expect(paymentsQueryString({ sort: "createdAt", dir: "desc", status: undefined, q: "" })).toBe("");
    expect(paymentsQueryString({ merchantId: "mrch_1", sort: "amount", dir: "desc", cursor: "abc" })).toBe(
      "?merchantId=mrch_1&sort=amount&cursor=abc",
    );
  });
});

describe("an amount typed in the search box", () => {
  it.each([
    ["10.50", ["1050"]],
    ["$10.5", ["1050"]],
    ["€ 0.07", ["7"]],
    ["1,050", ["105000", "1050"]],
    ["12", ["1200", "12"]],
    ["0", ["0"]],
  ])("%s is %j in minor units", (term, cents) => expect(fiatCents(term)).toEqual(cents));

  it.each(["seed-6", "10.505", "1,05", "0x12", "", "$", "12345678901234"])("%s is not an amount", (term) =>
    expect(fiatCents(term)).toBeNull(),
  );
});
