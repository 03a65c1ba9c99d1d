import { spawn, type ChildProcess } from "node:child_process";
import { expect, test } from "../support/api";
import { newCheckoutPayment } from "../support/checkout";
import { baseURL, repoRoot } from "../support/settings";
import { WebhookReceiver } from "../support/webhook-receiver";
import { verifyTollgateSignature } from "@/lib/domain/webhooks/verify";

// Issue 33: `npm run listen -- --forward-to` streams a test account's events to a local URL, signed
// as real deliveries, like `stripe listen`.
const secret = "whsec_listen_spec_0123456789abcdef";

function startListen(args: string[]): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(
    "npx",
    ["tsx", "--import", "./lib/platform/server/node-hooks.mjs", "lib/platform/cli/listen.ts", ...args],
    { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] },
  );
  let text = "";
  child.stdout!.on("data", (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => text, exited };
}

test("listen forwards the test account's new events to a local URL, signed as real deliveries, and refuses a live key", async ({
  api,
  fixtures,
}) => {
  test.setTimeout(120_000);
  const receiver = await WebhookReceiver.start();
  try {
    // A live key is refused before anything is read.
    const live = startListen([
      "--api-key",
      fixtures.accounts.a.keys.live,
      "--forward-to",
      receiver.url("/x"),
      "--base-url",
      baseURL,
    ]);
    expect(await live.exited).toBe(2);
    expect(live.output()).toContain("must be a test key");

    const { merchant, payment } = await newCheckoutPayment(api, { name: "Listen Lane" });
    const listen = startListen([
      "--api-key",
      fixtures.accounts.a.keys.test,
      "--forward-to",
      receiver.url("/local"),
      "--base-url",
      baseURL,
      "--secret",
      secret,
      "--interval-ms",
      "300",
    ]);
    try {
      await expect.poll(listen.output, { timeout: 60_000 }).toContain(`Signing secret: ${secret}`);
      const simulated = await api.post(`/v1/test/payments/${payment.id}/simulate`, { outcome: "succeeded" });
      expect(simulated.status, JSON.stringify(simulated.body)).toBe(200);

      const deliveries = await receiver.waitFor(
        "/local",
        (all) =>
          all.some((d) => d.event.type === "payment.succeeded" && d.event.data.object.id === payment.id),
        "payment.succeeded forwarded by listen",
        30_000,
      );
      const delivery = deliveries.find((d) => d.event.type === "payment.succeeded")!;
      // Signed as an endpoint's delivery is, and verified by the code merchants copy.
      expect(
        verifyTollgateSignature(delivery.body, delivery.headers["tollgate-signature"] as string, secret),
      ).toBe(true);
      expect(
        verifyTollgateSignature(
          delivery.body,
          delivery.headers["tollgate-signature"] as string,
          "whsec_other_secret_000000",
        ),
      ).toBe(false);
      expect(delivery.headers["tollgate-event-id"]).toBe(delivery.event.id);
      expect(delivery.headers["tollgate-event-type"]).toBe("payment.succeeded");
      // The same body GET /v1/events/{id} answers.
      const stored = await api.get(`/v1/events/${delivery.event.id}`);
      expect(JSON.parse(delivery.body)).toEqual(stored.body);
      expect(delivery.event.data.object.merchantId).toBe(merchant.id);
      // Events made before it started are not forwarded, and none twice.
      const ids = receiver.at("/local").map((d) => d.event.id);
      expect(new Set(ids).size).toBe(ids.length);
      await expect.poll(listen.output).toMatch(/--> payment\.succeeded \[evt_\w+\]\s+<-- \[200\]/);
    } finally {
      listen.child.kill("SIGTERM");
      await listen.exited;
    }
  } finally {
    await receiver.close();
  }
});
