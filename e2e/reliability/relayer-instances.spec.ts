import pg from "pg";
import { getAddress, parseAbi } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect, test, type ApiClient } from "../support/api";
import { LocalChain, localCaip2, localChainId, relayerAddress, relayerKey } from "../support/chain";
import { readFixtures } from "../support/fixtures-data";
import { fundedBuyer, liveGatewayPayment, signAction, type Action } from "../support/gateway-wallet";
import { rpcProxy } from "../support/rpc-proxy";
import { extraPort, localChainConfirmations, localChainRpc, usesPostgres } from "../support/settings";
import { spawnServer, type SpawnedServer } from "../support/spawn-server";

// Two Tollgate instances relaying gasless payments on one PostgreSQL database and one chain, with
// one relayer key: a confirm answers the same on either, and an instance killed mid-relay holds the
// chain's relayer up only until its lease lapses (5 s; the README's bound), never strands a payment.

const chain = new LocalChain(localChainRpc);
const erc20 = parseAbi(["function balanceOf(address) view returns (uint256)"]);
const staleClaimMs = 3_000;

test.describe("the relayer on two instances of one PostgreSQL", () => {
  test.skip(!usesPostgres, "The embedded database admits one process: there is no second instance.");
  test.describe.configure({ timeout: 240_000 });

  let proxy: ReturnType<typeof rpcProxy>;
  let servers: SpawnedServer[] = [];
  let db: pg.Client;
  test.beforeAll(async () => {
    // The first instance reaches the chain through a proxy the test can hold its broadcasts in.
    proxy = rpcProxy(extraPort(3));
    await proxy.listen();
    const env = (rpc: string) => ({
      [`CHAIN_RPC_EIP155_${localChainId}`]: rpc,
      [`CHAIN_CONFIRMATIONS_EIP155_${localChainId}`]: String(localChainConfirmations),
      [`RELAYER_KEY_EIP155_${localChainId}`]: relayerKey,
      [`SPONSORED_TOKENS_EIP155_${localChainId}`]: `${readFixtures().authToken}:Test Dollar:2`,
      RELAYER_STALE_CLAIM_MS: String(staleClaimMs),
      RATE_LIMIT_PER_SECOND: "1000000",
      RATE_LIMIT_BURST: "1000000",
    });
    servers = await Promise.all([
      spawnServer(env(proxy.url), extraPort(1)),
      spawnServer(env(localChainRpc), extraPort(2)),
    ]);
    db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
  });
  test.afterAll(async () => {
    await db?.end();
    await Promise.all(servers.map((s) => s.stop()));
    await proxy?.close();
  });

  /** A gasless payment of the suite's token whose buyer has signed, and its calls on either instance. */
  async function signedPayment(api: ApiClient, key: string, value: bigint) {
    const call = async (server: SpawnedServer, path: string, body?: unknown) => {
      const res = await fetch(`${server.url}/v1/gateway/payment/${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: { "Api-Key": key, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const destination = privateKeyToAccount(generatePrivateKey()).address;
    const token = getAddress(readFixtures().authToken);
    const { paymentId } = await liveGatewayPayment(
      api,
      `${localCaip2}/erc20:${token}`,
      value.toString(),
      destination,
    );
    const buyer = await fundedBuyer(chain, token, value);
    const [option] = (
      await call(servers[1]!, `${paymentId}/options`, { accounts: [`${localCaip2}:${buyer.address}`] })
    ).body.options as { id: string; actions: Action[] }[];
    const signature = await signAction(buyer, option!.actions[0]!);
    const body = { optionId: option!.id, results: [{ type: "walletRpc", data: [signature] }] };
    return {
      paymentId,
      destination,
      confirm: (server: SpawnedServer) => call(server, `${paymentId}/confirm`, body),
      status: async () => (await call(servers[1]!, `${paymentId}/status`)).body,
      received: () =>
        chain.public.readContract({
          address: token,
          abi: erc20,
          functionName: "balanceOf",
          args: [destination],
        }),
    };
  }

  const nonce = () => chain.public.getTransactionCount({ address: relayerAddress });
  const succeeds = async (p: { status: () => Promise<Record<string, unknown>> }) =>
    expect
      .poll(
        async () => {
          await chain.mine(1, { sameTimestamp: true });
          return (await p.status()).status;
        },
        { timeout: 60_000, intervals: [500] },
      )
      .toBe("succeeded");

  test("twenty identical confirms spread over both instances get one answer, and the chain sees one transfer", async ({
    apiAs,
    fixtures,
  }) => {
    const paying = await signedPayment(
      apiAs({ "Api-Key": fixtures.accounts.a.keys.live }),
      fixtures.accounts.a.keys.live,
      2_100_000n,
    );
    const before = await nonce();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => paying.confirm(servers[i % 2]!)));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    const bodies = new Set(answers.map((a) => JSON.stringify({ status: a.body.status, info: a.body.info })));
    expect([...bodies], "every confirm answers the same").toHaveLength(1);
    expect(answers[0]!.body.status).toBe("processing");
    await succeeds(paying);
    expect(await paying.received()).toBe(2_100_000n);
    expect(await nonce()).toBe(before + 1);
  });

  test("the relaying instance killed mid-send holds another buyer's relay up only until its lease lapses; its own payment still succeeds", async ({
    apiAs,
    fixtures,
  }) => {
    const killed = await signedPayment(
      apiAs({ "Api-Key": fixtures.accounts.a.keys.live }),
      fixtures.accounts.a.keys.live,
      2_200_000n,
    );
    const other = await signedPayment(
      apiAs({ "Api-Key": fixtures.accounts.a.keys.live }),
      fixtures.accounts.a.keys.live,
      2_300_000n,
    );
    const before = await nonce();
    // The first instance takes the lease and broadcasts; the proxy holds the broadcast, and the
    // instance is killed (SIGKILL) while it waits.
    proxy.set("drop");
    const sends = proxy.sends();
    void killed.confirm(servers[0]!).catch(() => {});
    await expect.poll(() => proxy.sends(), { timeout: 30_000 }).toBeGreaterThan(sends);
    await servers[0]!.crash();
    proxy.set("pass");
    const lease = await db.query<{ lockedUntil: Date }>(
      `SELECT "lockedUntil" FROM "RelayerLock" WHERE "chainId" = $1 AND lower("address") = lower($2)`,
      [`eip155:${localChainId}`, relayerAddress],
    );
    const deadLease = lease.rows[0]!.lockedUntil;
    expect(deadLease).not.toBeNull();

    // The survivor relays another buyer's payment: it waits for the dead instance's lease, takes it
    // over, and its transaction is mined.
    const confirmed = await other.confirm(servers[1]!);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.status).toBe("processing");
    const sent = await db.query<{ updatedAt: Date; relayerNonce: number }>(
      `SELECT "updatedAt", "relayerNonce" FROM "RelayerSubmission" WHERE "paymentId" = $1 AND "status" = 'submitted'`,
      [other.paymentId],
    );
    expect(
      sent.rows[0]!.updatedAt.getTime(),
      "sent after the dead lease lapsed, not beside it",
    ).toBeGreaterThan(deadLease.getTime());
    await succeeds(other);
    expect(await other.received()).toBe(2_300_000n);

    // The killed instance's payment is taken up by the survivor's recovery and ends succeeded.
    await succeeds(killed);
    expect(await killed.received()).toBe(2_200_000n);
    // Two payments, two transactions of the relayer: nothing sent twice, no nonce skipped.
    expect(await nonce()).toBe(before + 2);
  });
});
