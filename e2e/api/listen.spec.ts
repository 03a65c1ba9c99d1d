import { spawn, type ChildProcess } from "node:child_process";
import { expect, test } from "../support/api";
import { newCheckoutPayment } from "../support/checkout";
import { createMerchant } from "../support/merchants";
import { baseURL, repoRoot } from "../support/settings";
import { WebhookReceiver, type Delivery } from "../support/webhook-receiver";
import { verifyTollgateSignature } from "@/lib/domain/webhooks/verify";

// Issue 33: `npm run listen -- --forward-to` streams a test account's events to a local URL, signed
// as real deliveries, like `stripe listen`.
const secret = "whsec_listen_spec_0123456789abcdef";

/** `npm run listen` with this key, forwarding to `forwardTo` from the suite's server, and `more` arguments. */
function startListen(
  apiKey: string,
  forwardTo: string,
  more: string[] = [],
): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  // `npm run listen`'s command, run by node itself so that a signal reaches the listener.
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "--import",
      "./lib/platform/server/node-hooks.mjs",
      "lib/platform/cli/listen.ts",
      ...["--api-key", apiKey, "--forward-to", forwardTo, "--base-url", baseURL, ...more],
    ],
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
    const live = startListen(fixtures.accounts.a.keys.live, receiver.url("/x"));
    expect(await live.exited).toBe(2);
    expect(live.output()).toContain("must be a test key");

    const { merchant, payment } = await newCheckoutPayment(api, { name: "Listen Lane" });
    const listen = startListen(fixtures.accounts.a.keys.test, receiver.url("/local"), [
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

test("listen forwards every event made between two polls, however many: 120 payments created while it was paused", async ({
  api,
  fixtures,
}) => {
  test.setTimeout(180_000);
  const receiver = await WebhookReceiver.start();
  const merchant = await createMerchant(api, { withUsdc: true, name: "Busy Listen Lane" });
  const listen = startListen(fixtures.accounts.a.keys.test, receiver.url("/busy"), [
    "--events",
    "payment.created",
    "--interval-ms",
    "300",
  ]);
  try {
    await expect.poll(listen.output, { timeout: 60_000 }).toContain("Ready.");
    // Paused, so that its next poll finds all of them at once: more than one page of the event list.
    listen.child.kill("SIGSTOP");
    const created: string[] = [];
    for (let i = 0; i < 120; i++) {
      const res = await api.post(
        "/v1/payments",
        { referenceId: `listen-busy-${Date.now()}-${i}`, amount: { unit: "iso4217/USD", value: "100" } },
        { merchantId: merchant.id },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      created.push(res.body.id as string);
    }
    listen.child.kill("SIGCONT");
    const ours = (all: Delivery[]) => all.filter((d) => created.includes(d.event.data.object.id));
    await receiver.waitFor(
      "/busy",
      (all) => ours(all).length >= 120,
      "120 payment.created forwarded",
      60_000,
    );
    const forwarded = ours(receiver.at("/busy"));
    // Each once, oldest first.
    expect(forwarded.map((d) => d.event.data.object.id).sort()).toEqual([...created].sort());
    const times = forwarded.map((d) => Date.parse(d.event.createdAt as string));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  } finally {
    listen.child.kill("SIGCONT");
    listen.child.kill("SIGTERM");
    await listen.exited;
    await receiver.close();
  }
});
