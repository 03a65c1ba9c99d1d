import pg from "pg";
import { expect, test } from "../support/api";
import { solanaMerchantPayment } from "../support/solana-payments";
import { rpcProxy } from "../support/rpc-proxy";
import { extraPort, usesPostgres } from "../support/settings";
import {
  localSolanaChainId,
  solanaNodeRpc,
  solanaRelayerSecret,
  solanaTestMints,
} from "../support/solana-settings";
import { mintTokens, newSolanaWallet, signOffered, tokenBalance } from "../support/solana-wallet";
import { spawnServer, type SpawnedServer } from "../support/spawn-server";

// Two Tollgate instances on one PostgreSQL database confirming the same signed Solana transaction
// at once (issue 29): every confirm answers the same, and the transaction is broadcast once (counted
// at a proxy in front of the Solana test node), through one RelayerSubmission.

const usdc = `${localSolanaChainId}/token:${solanaTestMints.USDC}`;

test.describe("the Solana relayer on two instances of one PostgreSQL", () => {
  test.skip(!usesPostgres, "The embedded database admits one process: there is no second instance.");
  test.describe.configure({ timeout: 180_000 });

  let proxy: ReturnType<typeof rpcProxy>;
  let servers: SpawnedServer[] = [];
  let db: pg.Client;
  test.beforeAll(async () => {
    proxy = rpcProxy(extraPort(3), { target: solanaNodeRpc, sendMethod: "sendTransaction" });
    await proxy.listen();
    const reference = localSolanaChainId.split(":")[1]!;
    const env = {
      [`CHAIN_RPC_SOLANA_${reference}`]: proxy.url,
      [`RELAYER_KEY_SOLANA_${reference}`]: await solanaRelayerSecret(),
      RATE_LIMIT_PER_SECOND: "1000000",
      RATE_LIMIT_BURST: "1000000",
    };
    servers = await Promise.all([spawnServer(env, extraPort(1)), spawnServer(env, extraPort(2))]);
    db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
  });
  test.afterAll(async () => {
    await db?.end();
    await Promise.all(servers.map((s) => s.stop()));
    await proxy?.close();
  });

  test("ten confirms of one signed transaction spread over both instances are all answered, and it is broadcast once", async ({
    apiAs,
    fixtures,
  }) => {
    const key = fixtures.accounts.a.keys.live;
    const api = apiAs({ "Api-Key": key });
    const { merchant, paymentId } = await solanaMerchantPayment(
      api,
      usdc,
      { unit: "iso4217/USD", value: "777" },
      "Two Instances",
    );
    const call = async (server: SpawnedServer, path: string, body?: unknown) => {
      const res = await fetch(`${server.url}/v1/gateway/payment/${paymentId}/${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: { "Api-Key": key, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };

    const buyer = await newSolanaWallet();
    await mintTokens(solanaTestMints.USDC, buyer.address, 10_000_000n);
    const options = await call(servers[0]!, "options", {
      accounts: [`${localSolanaChainId}:${buyer.address}`],
    });
    expect(options.status, JSON.stringify(options.body)).toBe(200);
    const [option] = options.body.options as {
      id: string;
      actions: { data: { params: [{ transaction: string }] } }[];
    }[];
    const signed = await signOffered(buyer, option!.actions[0]!.data.params[0].transaction);
    const body = { optionId: option!.id, results: [{ type: "walletRpc", data: [signed] }] };

    const sends = proxy.sends();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call(servers[i % 2]!, "confirm?maxPollMs=10000", body)),
    );
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    await expect
      .poll(async () => (await call(servers[1]!, "status")).body.status, { timeout: 60_000 })
      .toBe("succeeded");
    expect(proxy.sends() - sends, "one broadcast").toBe(1);
    const submissions = await db.query(`SELECT "status" FROM "RelayerSubmission" WHERE "paymentId" = $1`, [
      paymentId,
    ]);
    expect(submissions.rows).toEqual([{ status: "submitted" }]);
    expect(await tokenBalance(merchant, solanaTestMints.USDC)).toBe(7_770_000n);
  });
});
