import http from "node:http";
import { extraPort } from "./settings";

export type Delivery = {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The raw body, as a signature is computed over it. */
  body: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- event payloads are checked field by field in the tests
  event: any;
  receivedAt: number;
};

/** What to answer: an HTTP status (with a small body), the same after a pause, or "hang" to hold the request open until released or closed. */
export type Answer = number | { status: number; afterMs: number } | "hang";

/**
 * A webhook receiver for tests: a plain node:http server on 127.0.0.1 that records every request.
 * Give each endpoint its own path (`url("/a")`) and read only that path's deliveries, so events
 * meant for other endpoints never confuse a test.
 */
export class WebhookReceiver {
  readonly deliveries: Delivery[] = [];
  private answer: (delivery: Delivery) => Answer = () => 200;
  private readonly held: http.ServerResponse[] = [];

  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => this.handle(req, res, Buffer.concat(chunks).toString("utf8")));
  });

  private constructor(readonly port: number) {}

  static async start(port = extraPort(4)): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver(port);
    await new Promise<void>((resolve, reject) => {
      receiver.server.once("error", reject);
      receiver.server.listen(port, "127.0.0.1", resolve);
    });
    return receiver;
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** Sets how the receiver answers from now on. */
  respond(answer: (delivery: Delivery) => Answer): void {
    this.answer = answer;
  }

  at(path: string): Delivery[] {
    return this.deliveries.filter((d) => d.path === path);
  }

  /** Waits until `check` holds for the deliveries received at `path`, or fails with what did arrive. */
  async waitFor(
    path: string,
    check: (deliveries: Delivery[]) => boolean,
    what: string,
    timeoutMs = 20_000,
  ): Promise<Delivery[]> {
    const deadline = Date.now() + timeoutMs;
    while (!check(this.at(path))) {
      if (Date.now() > deadline) {
        const seen = this.at(path).map((d) => `${d.event?.type} ${d.event?.id}`);
        throw new Error(
          `Timed out after ${timeoutMs} ms waiting for ${what} at ${path}; received: ${JSON.stringify(seen)}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return this.at(path);
  }

  /** Answers every held request with 200. */
  release(): void {
    for (const res of this.held.splice(0)) if (!res.writableEnded) res.writeHead(200).end("released");
  }

  async close(): Promise<void> {
    this.held.splice(0);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse, body: string): void {
    let event: unknown = null;
    try {
      event = JSON.parse(body);
    } catch {
      // Recorded as is; the test decides whether that is a failure.
    }
    const delivery: Delivery = {
      path: req.url ?? "/",
      headers: req.headers,
      body,
      event,
      receivedAt: Date.now(),
    };
    this.deliveries.push(delivery);
    const answer = this.answer(delivery);
    if (answer === "hang") {
      this.held.push(res);
      return;
    }
    const { status, afterMs } = typeof answer === "number" ? { status: answer, afterMs: 0 } : answer;
    setTimeout(
      () =>
        res
          .writeHead(status, { "Content-Type": "text/plain" })
          .end(status < 300 ? "ok" : `receiver says ${status}`),
      afterMs,
    );
  }
}
