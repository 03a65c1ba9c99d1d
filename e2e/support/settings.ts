import os from "node:os";
import path from "node:path";

// Shared by the Playwright config, the test server it starts, and the tests (which run in other
// processes), so everything here is derived from the environment, never random.
export const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://localhost:${port}`;
/** Ports for extra servers a test starts itself, offset from the main one so parallel runs do not collide. */
export const extraPort = (n: 1 | 2 | 3 | 4) => port + 80 + n;
export const stateDir = path.join(os.tmpdir(), `tollgate-e2e-${port}`);
export const fixturesFile = path.join(stateDir, "fixtures.json");
export const ownerPassword = "demo-owner-password";
export const usesPostgres = Boolean(process.env.DATABASE_URL);
export const repoRoot = path.resolve(import.meta.dirname, "..", "..");

/** The local Hardhat node every test run starts, posing as this chain (its RPC is configured for it). */
export const localChainId = 8453;
export const localChainPort = port + 90;
export const localChainRpc = `http://127.0.0.1:${localChainPort}`;
/** A second local node, posing as Ethereum, for the few tests that need two networks at once. */
export const ethereumChainId = 1;
export const ethereumChainPort = port + 91;
/** The EIP-3009 token the test server deploys and allow-lists for gas sponsorship (Fixtures.authToken). */
export const suiteAuthToken = { name: "Test Dollar", symbol: "TUSDA" };
/** The suite's euro stablecoin with EIP-3009 (Fixtures.euroToken) and its permit token (Fixtures.permitToken). */
export const suiteEuroToken = { name: "Test Euro", symbol: "TEURA" };
export const suitePermitToken = { name: "Test Permit Dollar", symbol: "TUSDP" };
/** CHAIN_CONFIRMATIONS of every server on the local chain. */
export const localChainConfirmations = 3;

/** The local stand-in for WalletConnect's relay (e2e/support/walletconnect-relay.ts), started by the tests that pair a wallet. */
export const walletConnectRelayPort = port + 95;
export const walletConnectProjectId = "tollgate-e2e";
/** GATEWAY_UNSEEN_TRANSACTION_MS of the test server: short, so a test can outwait it. */
export const unseenTransactionMs = 5_000;

/** The in-process SMTP server of the mail tests (e2e/support/smtp.ts); the test server sends all its mail there. */
export const smtpPort = port + 97;
export const smtpUrl = `smtp://127.0.0.1:${smtpPort}`;

/** The test server's database fixtures (e2e/support/test-control.ts), on loopback only. */
export const controlPort = port + 98;

/** One root secret for every server a test run starts, so API keys made by one are valid on all. */
export const testSecret = "tollgate-e2e-root-secret-not-for-production-use";
