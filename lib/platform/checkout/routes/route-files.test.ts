import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { publicBaseUrl } from "@/lib/core/config/env";
import { db } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import { createTestAccount, withTestDatabase } from "@/lib/core/testing/test-database";
import { declarationOf } from "./checkout-route";
import { checkoutPostRoutes } from "./post-routes";

withTestDatabase();

// Every route file of the hosted checkout and the payment links' pages, found on disk, so a route
// added tomorrow is held to the same rules without anyone listing it here.
const root = path.resolve(import.meta.dirname, "../../../..");
const routeFiles = ["app/pay", "app/l"].flatMap((dir) =>
  readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => path.basename(file) === "route.ts")
    .map((file) => path.join(dir, file)),
);
const methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

async function handlersOf(file: string) {
  // A computed path: the layer rule reads only literal imports, and lib/ never imports app/.
  const exported = (await import(path.join(root, file))) as Record<string, unknown>;
  return methods
    .filter((method) => method in exported)
    .map((method) => ({ method, handler: exported[method] }));
}

// A value for each segment: a payment id no payment has (the refusal comes before anything reads
// it), and a payment link that exists (its page, refusing, shows the link).
async function paramsFor(file: string): Promise<Record<string, string | string[]>> {
  const params: Record<string, string | string[]> = {};
  for (const [, spread, name] of file.matchAll(/\[(\.\.\.)?([^\]]+)\]/g))
    params[name!] = spread ? ["option"] : name === "linkId" ? await newLink() : `pay_${"0".repeat(24)}`;
  return params;
}

async function newLink(): Promise<string> {
  const scope = await createTestAccount("test");
  const merchant = await db().merchant.create({
    data: { id: newId("mrch"), ...scope, name: "Shop", email: "shop@example.com" },
  });
  const link = await db().paymentLink.create({
    data: {
      id: newId("plink"),
      ...scope,
      merchantId: merchant.id,
      amountUnit: "iso4217/USD",
      amountValue: 1050,
      referencePrefix: "T",
    },
  });
  return link.id;
}

describe("the checkout's route files", () => {
  it("finds them", () => {
    expect(routeFiles.length).toBeGreaterThanOrEqual(5);
  });

  it.each(routeFiles)(
    "%s answers only through declared routes, and every POST through the checkout page's origin rule",
    async (file) => {
      for (const { method, handler } of await handlersOf(file)) {
        const declared = declarationOf(handler);
        expect(declared, `${method} ${file} is not made by checkoutRoute`).toBeDefined();
        expect(declared!.method).toBe(method);
        if (method !== "GET" && method !== "HEAD") {
          expect(declared!.origin, `${method} ${file}`).toBe("checkout_page");
          // And the rule is applied: another site's post (or one without Origin) is refused.
          for (const origin of ["https://evil.example", null]) {
            const request = new Request(`${publicBaseUrl()}/checkout-route-test`, {
              method,
              headers: origin ? { Origin: origin } : {},
              body: "{}",
            });
            const answer = await (handler as (r: Request, c: unknown) => Promise<Response>)(request, {
              params: Promise.resolve(await paramsFor(file)),
            });
            expect(answer.status, `${method} ${file} from ${origin}`).toBe(403);
          }
        }
      }
    },
  );

  it("declares every POST the catch-all dispatches with the checkout page's origin rule", () => {
    for (const route of checkoutPostRoutes) expect(route.origin, route.path).toBe("checkout_page");
  });
});
