import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliverableLookup, type Resolve } from "./destination";
import { postToEndpoint } from "./post-to-endpoint";

// A receiver on 127.0.0.2 only: a request reaches it only when the connection goes to the address
// the injected resolver answered (loopback is allowed on a local install; 10.x never is).
const local = true;
const production = false;
let port: number;
const received: { host?: string; body: string }[] = [];
const receiver = http.createServer((request, response) => {
  let body = "";
  request.on("data", (chunk) => (body += chunk));
  request.on("end", () => {
    received.push({ host: request.headers.host, body });
    response.end("x".repeat(5000));
  });
});

beforeAll(() =>
  new Promise<void>((resolve) => receiver.listen(0, "127.0.0.2", () => resolve())).then(
    () => (port = (receiver.address() as AddressInfo).port),
  ),
);
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

/** A resolver that answers `addresses` and counts how often it was asked. */
function dns(...addresses: string[]): Resolve & { asked: number } {
  const resolve = Object.assign(
    async () => {
      resolve.asked += 1;
      return addresses;
    },
    { asked: 0 },
  );
  return resolve;
}

const post = (url: string, resolve: Resolve, localInstall: boolean) =>
  postToEndpoint(
    url,
    { "Content-Type": "application/json" },
    '{"n":1}',
    5_000,
    deliverableLookup(resolve, localInstall),
  );

describe("posting to an endpoint", () => {
  it("connects to exactly the address that was judged, keeping the host name in Host", async () => {
    received.length = 0;
    const resolve = dns("127.0.0.2");
    const response = await post(`http://hooks.example.test:${port}/hook`, resolve, local);
    expect(response.status).toBe(200);
    expect(response.excerpt).toBe("x".repeat(4096));
    expect(received).toEqual([{ host: `hooks.example.test:${port}`, body: '{"n":1}' }]);
    expect(resolve.asked).toBe(1);
  });

  it("never connects when the answer holds a refused address", async () => {
    received.length = 0;
    await expect(
      post(`http://rebind.example.test:${port}/hook`, dns("169.254.169.254"), local),
    ).rejects.toThrow(
      "Refused: rebind.example.test resolves to 169.254.169.254, a link-local, reserved or tunnelled address.",
    );
    await expect(
      post(`http://rebind.example.test:${port}/hook`, dns("127.0.0.2", "169.254.169.254"), local),
    ).rejects.toThrow("resolves to 169.254.169.254");
    await expect(
      post(`http://rebind.example.test:${port}/hook`, dns("127.0.0.2"), production),
    ).rejects.toThrow("a loopback address, allowed only with WEBHOOKS_ALLOW_PRIVATE_NETWORKS");
    expect(received).toEqual([]);
  });

  it("judges a literal address, which Node connects to without a lookup", async () => {
    received.length = 0;
    const resolve = dns();
    await expect(post(`http://127.0.0.2:${port}/hook`, resolve, production)).rejects.toThrow(
      "Refused: 127.0.0.2 is a loopback address, allowed only with WEBHOOKS_ALLOW_PRIVATE_NETWORKS.",
    );
    expect(received).toEqual([]);
    expect((await post(`http://127.0.0.2:${port}/hook`, resolve, local)).status).toBe(200);
    expect(received).toHaveLength(1);
    expect(resolve.asked).toBe(0);
  });

  it("looks up only the families asked for", async () => {
    const lookup = deliverableLookup(dns("127.0.0.2", "::1"), local);
    const answer = (options: { family?: number; all?: boolean }) =>
      new Promise((resolve, reject) =>
        lookup("h.test", options, (error, address, family) =>
          error ? reject(error) : resolve([address, family]),
        ),
      );
    expect(await answer({ all: true })).toEqual([
      [
        { address: "127.0.0.2", family: 4 },
        { address: "::1", family: 6 },
      ],
      undefined,
    ]);
    expect(await answer({ family: 6 })).toEqual(["::1", 6]);
    expect(await answer({ family: 4 })).toEqual(["127.0.0.2", 4]);
  });
});
