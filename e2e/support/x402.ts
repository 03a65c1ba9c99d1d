import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { HTTPFacilitatorClient } from "@x402/core/server";
import { paymentMiddleware, x402ResourceServer } from "@x402/express";
import { ExactEvmScheme as ExactEvmClientScheme } from "@x402/evm/exact/client";
import { ExactEvmScheme as ExactEvmServerScheme } from "@x402/evm/exact/server";
import { wrapFetchWithPayment, x402Client } from "@x402/fetch";
import type { SpendControlAsset } from "@x402/core/client";
import type { PrivateKeyAccount } from "viem/accounts";
import { baseURL } from "./settings";

// x402 as its own npm packages speak it, unmodified: an agent paying with @x402/fetch, a resource
// server protecting a route with @x402/express, both pointed at Tollgate.

export const facilitatorUrl = `${baseURL}/v1/x402`;

/** x402's own facilitator client, which parses every answer with @x402/core's schemas. */
export function facilitator(apiKey: string, merchantId: string, url = facilitatorUrl) {
  const headers = { "Api-Key": apiKey, "Merchant-Id": merchantId };
  return new HTTPFacilitatorClient({
    url,
    createAuthHeaders: async () => ({ verify: headers, settle: headers, supported: headers }),
  });
}

/**
 * An agent's fetch: pays any 402 with the account's EIP-3009 signature. `sent` records each payment
 * header it sent; `allowedAssets` are tokens beyond x402's defaults (USDC…) the agent may spend.
 */
export function agentFetch(
  account: PrivateKeyAccount,
  sent: string[] = [],
  allowedAssets: SpendControlAsset[] = [],
) {
  const recording: typeof fetch = async (input, init) => {
    const header = new Request(input, init).headers.get("payment-signature");
    if (header) sent.push(header);
    return fetch(input, init);
  };
  const client = x402Client.fromConfig({
    schemes: [{ network: "eip155:*", client: new ExactEvmClientScheme(account) }],
    spendControls: { allowedAssets },
  });
  return wrapFetchWithPayment(recording, client);
}

export type Price = string | { amount: string; asset: `0x${string}`; extra: Record<string, unknown> };

/** A merchant's own API: GET /weather behind @x402/express's paywall, with Tollgate as the facilitator. */
export async function paywalledServer(options: {
  port: number;
  apiKey: string;
  merchantId: string;
  network: `${string}:${string}`;
  payTo: string;
  price: Price;
}) {
  const app = express();
  app.use(
    paymentMiddleware(
      {
        "GET /weather": {
          accepts: [
            { scheme: "exact", network: options.network, payTo: options.payTo, price: options.price },
          ],
          description: "Today's weather",
          mimeType: "application/json",
        },
      },
      new x402ResourceServer(facilitator(options.apiKey, options.merchantId)).register(
        options.network,
        new ExactEvmServerScheme(),
      ),
    ),
  );
  app.get("/weather", (_req, res) => {
    res.json({ report: { weather: "sunny", temperature: 21 } });
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(options.port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/weather`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Decodes an x402 header (base64 JSON). */
export const decodeHeader = (value: string | null | undefined) =>
  value ? JSON.parse(Buffer.from(value, "base64").toString("utf8")) : null;
export const encodeHeader = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64");
