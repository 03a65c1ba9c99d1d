import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The Payment row has one writer: lib/domain/payments/payment-writes.ts (see there). Creating a payment
// (create-payment.ts) is the one other statement that writes it; tests set up rows as they need.
const root = path.resolve(__dirname, "../../..");
const writer = "lib/domain/payments/payment-writes.ts";
const writes =
  /\bpayment\.(update|updateMany|upsert|delete|deleteMany)\(|UPDATE\s+"Payment"|DELETE\s+FROM\s+"Payment"/;

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe("the Payment row's writes", () => {
  it("are all in payment-writes.ts", () => {
    const elsewhere = ["lib", "app", "components"]
      .flatMap(sources)
      .filter((file) => file !== writer && !file.startsWith("lib/core/testing/"))
      .filter((file) => writes.test(fs.readFileSync(path.join(root, file), "utf8")));
    expect(elsewhere).toEqual([]);
  });
});
