import type { Address, Hex } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { localCaip2 } from "../support/chain";

// The steady load of `npm run test:ha`: live gasless payments made end to end (create, options,
// the buyer's EIP-3009 signature, confirm, which the relayer submits) and refunds of paid ones,
// spread over both instances, retried as a well-behaved client retries (after Retry-After on a 503).
// Every answer is recorded with the time it came, so the run can check what was acknowledged.

export type Answer = {
  at: number;
  instance: number;
  method: string;
  path: string;
  status: number | "no answer";
  code?: string;
  retryAfter?: string | null;
  ms: number;
};

export class Api {
  readonly answers: Answer[] = [];
  constructor(
    readonly urls: string[],
    readonly apiKey: string,
  ) {}

  async call(
    instance: number,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number | "no answer"; body: Record<string, unknown> }> {
    const started = Date.now();
    let status: number | "no answer" = "no answer";
    let json: Record<string, unknown> = {};
    let retryAfter: string | null = null;
    try {
      const response = await fetch(`${this.urls[instance]}${path}`, {
        method,
        headers: { "Api-Key": this.apiKey, "Content-Type": "application/json", ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      status = response.status;
      retryAfter = response.headers.get("retry-after");
      json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    } catch {
      // no answer at all (the instance is gone or the request timed out)
    }
    this.answers.push({
      at: Date.now(),
      instance,
      method,
      path: path.replace(/(pay|re|mrch)_\w+/g, "$1_…"),
      status,
      code: json.code as string | undefined,
      retryAfter,
      ms: Date.now() - started,
    });
    return { status, body: json };
  }

  /** Retries what the service says to retry (503 with Retry-After, or no answer) until it answers otherwise. */
  async retrying(
    instance: number,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    for (let attempt = 0; ; attempt++) {
      const which = (instance + attempt) % this.urls.length;
      const result = await this.call(which, method, path, body, headers);
      // 409 conflict says "try again" too (another instance changed the payment at the same moment).
      const again =
        result.status === 503 ||
        result.status === "no answer" ||
        (result.status === 409 &&
          ["idempotency_in_progress", "conflict"].includes(result.body.code as string));
      if (!again) return result;
      if (attempt > 120)
        throw new Error(`${method} ${path}: still ${result.status} after ${attempt} retries`);
      const wait = Number(this.answers.at(-1)?.retryAfter ?? 1);
      await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 2) * 500));
    }
  }
}

export type Paid = { paymentId: string; confirmedAt: number; value: bigint };

/** One live gasless payment, from creation to the confirm the relayer acts on. */
export async function payOnce(
  api: Api,
  instance: number,
  merchantId: string,
  asset: string,
  buyer: PrivateKeyAccount,
  value: bigint,
  log: { created: Map<string, number>; confirmed: Map<string, Paid>; refused: string[] },
) {
  const key = `ha-pay-${crypto.randomUUID()}`;
  const created = await api.retrying(
    instance,
    "POST",
    "/v1/payments",
    { referenceId: key, amount: { unit: `caip19/${asset}`, value: value.toString() } },
    { "Merchant-Id": merchantId, "Idempotency-Key": key },
  );
  if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
  const paymentId = created.body.id as string;
  log.created.set(paymentId, Date.now());
  const options = await api.retrying(instance + 1, "POST", `/v1/gateway/payment/${paymentId}/options`, {
    accounts: [`${localCaip2}:${buyer.address}`],
  });
  if (options.status !== 200) throw new Error(`options: ${options.status} ${JSON.stringify(options.body)}`);
  const option = (
    options.body.options as { id: string; actions: { data: { params: [Address, string] } }[] }[]
  )[0]!;
  const signature = await signTyped(buyer, option.actions[0]!.data.params[1]);
  const confirmBody = { optionId: option.id, results: [{ type: "walletRpc", data: [signature] }] };
  const confirmed = await api.retrying(
    instance,
    "POST",
    `/v1/gateway/payment/${paymentId}/confirm`,
    confirmBody,
  );
  // A confirm refused (4xx) after a retry is a payment the buyer would look at again; the run counts them.
  if (confirmed.status !== 200 && (typeof confirmed.status !== "number" || confirmed.status >= 500))
    throw new Error(`confirm: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  if (confirmed.status !== 200)
    log.refused.push(`confirm ${paymentId}: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  else log.confirmed.set(paymentId, { paymentId, confirmedAt: Date.now(), value });
}

async function signTyped(wallet: PrivateKeyAccount, json: string): Promise<Hex> {
  const typed = JSON.parse(json);
  const types = Object.fromEntries(
    Object.entries(typed.types).filter(([name]) => name !== "EIP712Domain"),
  ) as Record<string, { name: string; type: string }[]>;
  return wallet.signTypedData({
    domain: typed.domain,
    types,
    primaryType: typed.primaryType,
    message: typed.message,
  });
}
