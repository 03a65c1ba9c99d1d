import { describe, expect, it } from "vitest";
import { publicBaseUrl } from "@/lib/core/config/env";
import { db } from "@/lib/core/db";
import { createTestAccount, withTestDatabase } from "@/lib/core/testing/test-database";
import { createTestPayment } from "@/lib/domain/testing/test-payment";
import { dispatchCheckoutPost } from "./dispatch";
import { checkoutPostRoutes } from "./post-routes";

withTestDatabase();

async function newPayment(mode: "test" | "live") {
  return createTestPayment(await createTestAccount(mode));
}

async function post(paymentId: string, path: string, headers: Record<string, string>) {
  const request = new Request(`${publicBaseUrl()}/pay/${paymentId}/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": "203.0.113.9", ...headers },
    body: "{}",
  });
  const response = await dispatchCheckoutPost(request, paymentId, path);
  return { status: response.status, body: await response.json() };
}

const ownOrigin = new URL(publicBaseUrl()).origin;
const elsewhere: Record<string, string>[] = [{ Origin: "https://evil.example" }, { Origin: "null" }, {}];

// Every declared route, so a route added tomorrow is covered by the same table.
describe.each(checkoutPostRoutes.map((route) => [route.path]))("POST /pay/{id}/%s", (path) => {
  it("refuses another site (or no Origin) with the same 403 before it counts or reads anything", async () => {
    const payment = await newPayment("live");
    const answers = await Promise.all(elsewhere.map((headers) => post(payment.id, path, headers)));
    for (const answer of answers) {
      expect(answer).toEqual({
        status: 403,
        body: {
          code: "forbidden",
          message: "This action is only available from the payment's own checkout page.",
        },
      });
    }
    expect(await db().rateLimitBucket.count({ where: { key: { contains: payment.id } } })).toBe(0);
    // From the page itself the same post gets past the origin rule to the body schema.
    const own = await post(payment.id, path, { Origin: ownOrigin });
    expect(own).toMatchObject({ status: 400, body: { code: "params_validation" } });
    expect(await db().rateLimitBucket.count({ where: { key: { contains: payment.id } } })).toBe(1);
  });
});

describe("the checkout's POST dispatcher", () => {
  it("answers a path no route declares with 404 and a made-up payment with 404, writing no bucket", async () => {
    const payment = await newPayment("test");
    expect(await post(payment.id, "wallet/nothing", { Origin: ownOrigin })).toMatchObject({
      status: 404,
      body: { code: "not_found" },
    });
    const unknown = `pay_${"0".repeat(24)}`;
    expect(await post(unknown, "option", { Origin: ownOrigin })).toMatchObject({
      status: 404,
      body: { code: "not_found" },
    });
    expect(await db().rateLimitBucket.count({ where: { key: { contains: unknown } } })).toBe(0);
  });
});
