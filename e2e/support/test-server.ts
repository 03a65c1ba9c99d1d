// Started by Playwright's webServer. Prepares a fresh database with known fixtures, writes them
// where the tests read them, then runs the real server in this same process (in embedded mode only
// one process may open the database).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { LocalChain, relayerKey, startLocalChain } from "./chain";
import { startSolanaNode } from "./solana-node";
import {
  localSolanaChainId,
  solanaNodePort,
  solanaNodeRpc,
  solanaRelayer,
  solanaRelayerSecret,
} from "./solana-settings";
import {
  fixturesFile,
  suiteAuthToken,
  suiteEuroToken,
  suitePermitToken,
  localChainConfirmations,
  localChainId,
  localChainPort,
  localChainRpc,
  ownerPassword,
  repoRoot,
  stateDir,
  unseenTransactionMs,
  walletConnectProjectId,
  walletConnectRelayPort,
} from "./settings";
import type { AccountFixture, Fixtures, RoleName } from "./fixtures-data";

const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl && !/@(localhost|127\.0\.0\.1|\[::1\])(:\d+)?\//.test(databaseUrl)) {
  console.error(`Refusing to run tests against a non-local database: ${databaseUrl}`);
  process.exit(1);
}

fs.rmSync(stateDir, { recursive: true, force: true });
fs.mkdirSync(stateDir, { recursive: true });
process.env.DATA_DIR = path.join(stateDir, "data");
process.env.SEED_OWNER_PASSWORD = ownerPassword;
// Live mode runs against a real local EVM node, configured as the chain it poses as.
process.env[`CHAIN_RPC_EIP155_${localChainId}`] = localChainRpc;
process.env[`CHAIN_CONFIRMATIONS_EIP155_${localChainId}`] = String(localChainConfirmations);
// Gasless (EIP-3009) payments are submitted by this funded development account.
process.env[`RELAYER_KEY_EIP155_${localChainId}`] = relayerKey;
// Live checkouts offer WalletConnect through a local relay, which only its tests start.
process.env.WALLETCONNECT_PROJECT_ID = walletConnectProjectId;
process.env.WALLETCONNECT_RELAY_URL = `ws://127.0.0.1:${walletConnectRelayPort}`;
process.env.GATEWAY_UNSEEN_TRANSACTION_MS = String(unseenTransactionMs);
// Every spec signs up from 127.0.0.1; the limit itself is tested on a server of its own (sign-up.spec).
process.env.SIGN_UPS_PER_ADDRESS_PER_HOUR = "1000";
const chainNode = await startLocalChain(localChainPort);
process.on("exit", () => chainNode.kill());
// Solana: the SVM behind a JSON-RPC server in this process, posing as mainnet; the relayer pays fees.
const solanaNode = await startSolanaNode(solanaNodePort);
process.on("exit", () => solanaNode.close());
const solanaReference = localSolanaChainId.split(":")[1];
process.env[`CHAIN_RPC_SOLANA_${solanaReference}`] = solanaNodeRpc;
process.env[`RELAYER_KEY_SOLANA_${solanaReference}`] = await solanaRelayerSecret();
await solanaNode.fund((await solanaRelayer()).address, 100_000_000_000n);
// The suite's EIP-3009 token (e2e/chain/TestAuthToken.sol), on the relayer's allow-list as an
// operator adds one: address, EIP-712 name and version (see the README's "Gas sponsorship").
const authToken = await new LocalChain(localChainRpc).deployAuthToken(
  suiteAuthToken.name,
  suiteAuthToken.symbol,
);
// Tollgate's collector (contracts/TollgateCollector.sol), as an operator deploys one per chain, and
// the suite's tokens without EIP-3009 it collects: one like Tether (no permit, `approve` from 0
// only) and one with EIP-2612 permit; and a euro stablecoin with EIP-3009 beside the dollar.
const suiteChain = new LocalChain(localChainRpc);
const collector = await suiteChain.deploy("TollgateCollector", []);
const tetherToken = await suiteChain.deploy("TestTetherToken", [10n ** 30n]);
const permitToken = await suiteChain.deploy("TestPermitToken", [
  suitePermitToken.name,
  suitePermitToken.symbol,
  10n ** 30n,
]);
const euroToken = await suiteChain.deployAuthToken(suiteEuroToken.name, suiteEuroToken.symbol);
process.env[`SPONSORED_TOKENS_EIP155_${localChainId}`] =
  `${authToken}:${suiteAuthToken.name}:2,${euroToken}:${suiteEuroToken.name}:2`;
process.env[`COLLECTOR_EIP155_${localChainId}`] = collector;
process.env[`COLLECTOR_TOKENS_EIP155_${localChainId}`] = `${tetherToken},${permitToken}`;
// Tollgate's deposit-address factory (contracts/DepositFactory.sol), deployed as an operator does on each chain.
const { factory: depositFactory } = await suiteChain.deployDepositFactory();
process.env[`DEPOSIT_FACTORY_EIP155_${localChainId}`] = depositFactory;

// The last step of `npm run build` writes the checkout's assets: their manifest means a whole build.
if (
  !fs.existsSync(
    path.join(repoRoot, process.env.NEXT_DIST_DIR || ".next", "checkout-assets", "manifest.json"),
  )
) {
  execFileSync("npm", ["run", "build"], { cwd: repoRoot, stdio: "inherit" });
}

const { prepareDatabase } = await import("@/lib/core/db/prepare");
const { db } = await import("@/lib/core/db");
const { seedDemoAccount } = await import("@/lib/platform/server/seed-demo-account");
const { createAccountWithOwner } = await import("@/lib/domain/accounts/create-account");
const { createApiKey } = await import("@/lib/domain/api-keys/create-api-key");
const { apiPermissions } = await import("@/lib/domain/permissions/api-key-permissions");
const { hashPassword } = await import("@/lib/domain/accounts/passwords");
const { newId } = await import("@/lib/core/ids/ids");

await prepareDatabase();
const demo = await seedDemoAccount();
if (!demo.created) throw new Error("The test database was not fresh: the demo account already existed.");

const roles: RoleName[] = ["owner", "admin", "developer", "support", "viewer"];

// Emails carry a run tag so that a reused PostgreSQL database cannot collide with an earlier run.
const runTag = Date.now().toString(36);

async function accountFixture(label: string): Promise<AccountFixture> {
  const password = `pw-${label}-${runTag}`;
  const email = (role: RoleName) => `${role}.${label}.${runTag}@e2e.tollgate.test`;
  return db().$transaction(
    async (tx) => {
      const { account, user } = await createAccountWithOwner(tx, {
        accountName: `E2E ${label.toUpperCase()}`,
        ownerEmail: email("owner"),
        ownerName: `Owner ${label}`,
        password,
        emailVerified: true,
      });
      const passwordHash = await hashPassword(password);
      for (const role of roles.slice(1)) {
        const member = await tx.user.create({
          data: {
            id: newId("user"),
            email: email(role),
            name: `${role} ${label}`,
            passwordHash,
            emailVerifiedAt: new Date(),
          },
        });
        await tx.membership.create({
          data: { id: newId("mem"), accountId: account.id, userId: member.id, role },
        });
      }
      const test = await createApiKey(tx, {
        accountId: account.id,
        mode: "test",
        name: "e2e test",
        actor: "system",
        createdById: user.id,
        permissions: apiPermissions,
        grantorRole: "owner",
      });
      const live = await createApiKey(tx, {
        accountId: account.id,
        mode: "live",
        name: "e2e live",
        actor: "system",
        createdById: user.id,
        permissions: apiPermissions,
        grantorRole: "owner",
      });
      const readOnly = await createApiKey(tx, {
        accountId: account.id,
        mode: "test",
        name: "e2e status reader",
        actor: "system",
        createdById: user.id,
        permissions: ["payments.read"],
        grantorRole: "owner",
      });
      const testApp = await tx.publicApp.create({
        data: { id: newId("app"), accountId: account.id, mode: "test", name: "e2e wallet" },
      });
      const liveApp = await tx.publicApp.create({
        data: { id: newId("app"), accountId: account.id, mode: "live", name: "e2e live wallet" },
      });
      return {
        accountId: account.id,
        name: account.name,
        users: Object.fromEntries(
          roles.map((role) => [role, { email: email(role), password }]),
        ) as AccountFixture["users"],
        keys: { test: test.key, live: live.key, testPaymentsReadOnly: readOnly.key },
        testAppId: testApp.id,
        liveAppId: liveApp.id,
      };
    },
    { timeout: 60_000 },
  );
}

const accounts = { a: await accountFixture("a"), b: await accountFixture("b") };

/** A signed-in login with an unconfirmed email, which only a hand edit makes (see Fixtures.unconfirmed). */
async function unconfirmedMember(accountId: string) {
  const member = { email: `unconfirmed.${runTag}@e2e.tollgate.test`, password: `pw-unconfirmed-${runTag}` };
  await db().$transaction(async (tx) => {
    const user = await tx.user.create({
      data: {
        id: newId("user"),
        email: member.email,
        name: "Una Confirmed",
        passwordHash: await hashPassword(member.password),
      },
    });
    await tx.membership.create({ data: { id: newId("mem"), accountId, userId: user.id, role: "developer" } });
  });
  return member;
}

const fixtures: Fixtures = {
  demoOwner: { email: demo.email, password: demo.password },
  accounts,
  unconfirmed: await unconfirmedMember(accounts.b.accountId),
  authToken,
  collector,
  tetherToken,
  permitToken,
  euroToken,
  depositFactory,
};
fs.writeFileSync(fixturesFile, JSON.stringify(fixtures, null, 2));

const { serveTestControl } = await import("./test-control");
await serveTestControl({
  owner: async (values) => {
    const { account } = await db().$transaction((tx) =>
      createAccountWithOwner(tx, {
        accountName: values.accountName,
        ownerEmail: values.email,
        ownerName: values.name,
        password: values.password,
        emailVerified: true,
      }),
    );
    return { accountId: account.id };
  },
  sql: async (statement, params) => ({ count: await db().$executeRawUnsafe(statement, ...params) }),
  payments: async (seed) => (await import("./seed-payments-in-process")).seedPaymentsInProcess(seed),
  chainCursor: async (chainId) => {
    const cursor = await db().chainCursor.findUnique({ where: { chainId } });
    return { blockNumber: cursor ? Number(cursor.blockNumber) : null };
  },
});

// Playwright stops this server when the run ends; if Playwright itself is killed, stop with it
// rather than holding the port and the database for the next run.
const runner = Number(process.env.E2E_RUNNER_PID);
if (runner) {
  setInterval(() => {
    try {
      process.kill(runner, 0);
    } catch {
      process.kill(process.pid, "SIGTERM");
    }
  }, 2_000).unref();
}

await import("@/lib/platform/server/start");
