import "server-only";
import { z } from "zod";
import { EVM_ADDRESS } from "@/lib/core/caip/caip";

// The environment, parsed once. Nothing else in the app reads process.env.
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  // postgresql://… selects PostgreSQL; unset selects the embedded PGlite database under DATA_DIR.
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgresql:// connection string")
    .optional(),
  // Set when DATABASE_URL goes through a transaction-mode pooler (PgBouncer): the few sessions that
  // need a connection of their own (LISTEN, the migration lock) use this one, straight to the primary.
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_DIRECT_URL must be a postgresql:// connection string")
    .optional(),
  // Optional: a standby (or any copy) that dashboard lists, search and exports may read from, where a
  // little staleness is acceptable (README, "Read routing"). Unset: everything reads the primary.
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_READ_URL must be a postgresql:// connection string")
    .optional(),
  DATA_DIR: z.string().default(".data"),
  // The least severe log lines written (JSON lines on stdout; see the README's "Logs").
  LOG_LEVEL: z.enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"]).default("info"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  // Absolute base address of this service; gateway links and redirects are built from it.
  PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  // Root secret for API key hashes, session signing and secret encryption. When unset, one is
  // generated and kept in DATA_DIR, which is fine for one instance but not for several.
  TOLLGATE_SECRET: z.string().min(32, "TOLLGATE_SECRET must be at least 32 characters").optional(),
  // Set to run no background work in this process (e.g. when a separate worker runs it).
  TOLLGATE_WORKER: z.enum(["inline", "off"]).default("inline"),
  // Set to keep no request log (Developers → Request log) in this process: the bench measures its cost this way.
  REQUEST_LOG: z.enum(["on", "off"]).default("on"),
  // How many reverse proxies in front of this service append to X-Forwarded-For; the caller's
  // address (for sign-in limits) is read through them. 0: the header is ignored.
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  // Slow clients: the time allowed to send a request's headers, and the whole request (body
  // included; a long-poll's wait is not part of it), and how many connections one address may hold
  // open at once (0: no cap; ignored behind a proxy, where every connection is the proxy's).
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(500).default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(30_000),
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).default(256),
  // New accounts one client address may open per hour (an office behind one address fits).
  SIGN_UPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  RECEIPTS_PER_HOUR_TEST: z.coerce.number().int().min(1).default(50),
  RECEIPTS_PER_HOUR_LIVE: z.coerce.number().int().min(1).default(1000),
  // Per API key (or public app + client): sustained requests per second, and the burst allowed.
  RATE_LIMIT_PER_SECOND: z.coerce.number().positive().default(100),
  RATE_LIMIT_BURST: z.coerce.number().int().min(1).default(200),
  // Per public App-Id, across all its Client-Ids (one per wallet install, chosen by the caller, so
  // a fresh one per request must not escape the limit). Default: ten times the per-caller budget.
  RATE_LIMIT_APP_PER_SECOND: z.coerce.number().positive().optional(),
  RATE_LIMIT_APP_BURST: z.coerce.number().int().min(1).optional(),
  // Local development only: lets webhook endpoints be loopback or private-network addresses.
  WEBHOOKS_ALLOW_PRIVATE_NETWORKS: z.stringbool().default(false),
  // A price feed's answer older than this is refused (Chainlink feeds update at least hourly).
  RATE_FEED_MAX_AGE_SECONDS: z.coerce.number().int().min(1).default(3_600),
  // A relayed submission claimed longer ago than this, and not finished, belongs to an instance that
  // died mid-send; the worker takes it up again (checking on chain whether it was sent).
  RELAYER_STALE_CLAIM_MS: z.coerce.number().int().min(100).default(60_000),
  // Gas sponsorship (README "Gas sponsorship"): the most gas one relay may use unless its token's
  // allow-list entry says otherwise, and the gas an account's relays may use per chain per UTC day.
  SPONSOR_GAS_LIMIT: z.coerce.number().int().min(21_000).default(150_000),
  SPONSOR_DAILY_GAS_PER_ACCOUNT: z.coerce.number().int().min(0).default(15_000_000),
  // How long outbox events and their webhook deliveries are kept (at least the 3 days a delivery is
  // retried), and audit entries (a security record, so long). See the README's "Retention".
  RETENTION_EVENTS_DAYS: z.coerce.number().int().min(3).default(30),
  RETENTION_AUDIT_DAYS: z.coerce.number().int().min(30).default(365),
  // Buyer details collected for a merchant (information capture) are erased this long after they were given.
  RETENTION_BUYER_DETAILS_DAYS: z.coerce.number().int().min(1).default(365),
  // A wallet's eth_sendTransaction hash that the chain has neither mined nor heard of this long after
  // the confirm was never broadcast (or was dropped): the buyer may then confirm another option.
  GATEWAY_UNSEEN_TRANSACTION_MS: z.coerce.number().int().min(1_000).default(180_000),
  // WalletConnect (live checkout): a project id from WalletConnect Cloud turns on "Pay with
  // WalletConnect"; the relay is WalletConnect's own (its SDK's default) unless another is given.
  WALLETCONNECT_PROJECT_ID: z
    .string()
    .regex(/^[\w-]{1,100}$/, "WALLETCONNECT_PROJECT_ID must be a WalletConnect Cloud project id")
    .optional(),
  WALLETCONNECT_RELAY_URL: z.url({ protocol: /^wss?$/ }).default("wss://relay.walletconnect.org"),
  // Outgoing mail: smtp://user:pass@host:587 (STARTTLS when the server offers it) or smtps://…:465.
  // Unset: mail is not sent but printed to the console and kept in the owners' dev outbox.
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  // The sender of every mail, e.g. `Tollgate <no-reply@example.com>`.
  EMAIL_FROM: z.string().min(3).default("Tollgate <no-reply@tollgate.localhost>"),
  SEED_OWNER_EMAIL: z.email().default("owner@demo.tollgate.test"),
  SEED_OWNER_PASSWORD: z.string().min(8).optional(),
});

export type Env = z.infer<typeof schema>;

function parseEnv(): Env {
  // An empty variable (`DATABASE_URL=`) means "not set", as in most tools.
  const present = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== ""));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

export const env: Env = parseEnv();

export function publicBaseUrl(): string {
  return (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
}

/** Per-chain settings: `CHAIN_RPC_EIP155_<id>=<url>` enables live payments on that chain, `CHAIN_CONFIRMATIONS_EIP155_<id>=<n>` overrides its confirmation count. */
export const chainEnv: Record<string, { rpcUrl?: string; confirmations?: number }> = (() => {
  const chains: Record<string, { rpcUrl?: string; confirmations?: number }> = {};
  for (const [name, value] of Object.entries(process.env)) {
    const match = /^CHAIN_(RPC|CONFIRMATIONS)_EIP155_(\d+)$/.exec(name);
    if (!match || !value) continue;
    const entry = (chains[`eip155:${match[2]}`] ??= {});
    if (match[1] === "RPC") entry.rpcUrl = z.url({ protocol: /^(https?|wss?)$/ }).parse(value);
    else entry.confirmations = z.coerce.number().int().min(1).max(1000).parse(value);
  }
  return chains;
})();

/**
 * Gasless payments: `RELAYER_KEY_EIP155_<id>=0x<private key>` is the account that submits buyers'
 * EIP-3009 authorizations on that chain and pays their gas. It never holds payment funds (the
 * authorization moves them from the buyer straight to the merchant) and is never stored.
 */
export const relayerKeyEnv: Record<string, `0x${string}`> = (() => {
  const keys: Record<string, `0x${string}`> = {};
  for (const [name, value] of Object.entries(process.env)) {
    const match = /^RELAYER_KEY_EIP155_(\d+)$/.exec(name);
    if (!match || !value) continue;
    keys[`eip155:${match[1]}`] = z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, `${name} must be a 32-byte hex private key`)
      .parse(value) as `0x${string}`;
  }
  return keys;
})();

/**
 * Deposit addresses: `DEPOSIT_FACTORY_EIP155_<id>=0x<address>` is Tollgate's DepositFactory on that
 * chain (contracts/DepositFactory.sol, deployed once per chain); with a relayer key there too, every
 * live payment gets its own deposit address on the chain.
 */
export const depositFactoryEnv: Record<string, `0x${string}`> = (() => {
  const factories: Record<string, `0x${string}`> = {};
  for (const [name, value] of Object.entries(process.env)) {
    const match = /^DEPOSIT_FACTORY_EIP155_(\d+)$/.exec(name);
    if (!match || !value) continue;
    factories[`eip155:${match[1]}`] = z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/, `${name} must be a contract address`)
      .parse(value) as `0x${string}`;
  }
  return factories;
})();

export type SponsoredTokenEnv = { address: `0x${string}`; name: string; version: string; gasLimit?: number };

/**
 * Gas sponsorship per chain, beside the known-asset registry's EIP-3009 tokens:
 * `SPONSORED_TOKENS_EIP155_<id>=<address>:<EIP-712 name>:<EIP-712 version>[:<gas limit>],…` adds
 * tokens the relayer may pay gas for, and `SPONSOR_MIN_AMOUNT_EIP155_<id>=<amount in whole token
 * units>` is the smallest payment worth sponsoring there.
 */
export const sponsorshipEnv: Record<string, { tokens: SponsoredTokenEnv[]; minAmount?: string }> = (() => {
  const chains: Record<string, { tokens: SponsoredTokenEnv[]; minAmount?: string }> = {};
  for (const [name, value] of Object.entries(process.env)) {
    const match = /^(SPONSORED_TOKENS|SPONSOR_MIN_AMOUNT)_EIP155_(\d+)$/.exec(name);
    if (!match || !value) continue;
    const chain = (chains[`eip155:${match[2]}`] ??= { tokens: [] });
    if (match[1] === "SPONSOR_MIN_AMOUNT") {
      chain.minAmount = z
        .string()
        .regex(/^\d+(\.\d+)?$/, `${name} must be an amount such as 0.50`)
        .parse(value.trim());
      continue;
    }
    for (const item of value
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean)) {
      const parsed = /^(0x[0-9a-fA-F]{40}):([^:]+):([^:]+?)(?::(\d+))?$/.exec(item);
      if (!parsed)
        throw new Error(
          `Invalid environment:\n  ${name}: each entry is <address>:<EIP-712 name>:<version>[:<gas limit>], not "${item}"`,
        );
      const [, address, tokenName, version, gasLimit] = parsed;
      chain.tokens.push({
        address: address as `0x${string}`,
        name: tokenName!,
        version: version!,
        gasLimit: gasLimit ? Number(gasLimit) : undefined,
      });
    }
  }
  return chains;
})();

/**
 * Price feeds for assets that are not stablecoins: `RATE_FEED_<CAIP-19 in capitals, separators as
 * _>_<currency>=<aggregator address>`, e.g. `RATE_FEED_EIP155_8453_SLIP44_60_USD=0x…` prices native
 * ETH on Base in US dollars, read on that chain. Keyed here by lower-case asset id, then currency.
 */
export const rateFeedEnv: Record<string, Record<string, `0x${string}`>> = (() => {
  const feeds: Record<string, Record<string, `0x${string}`>> = {};
  for (const [name, value] of Object.entries(process.env)) {
    const match = /^RATE_FEED_EIP155_(\d+)_(SLIP44|ERC20)_([0-9A-Za-z]+)_([A-Z]{3})$/.exec(name);
    if (!match || !value) continue;
    const asset = `eip155:${match[1]}/${match[2]!.toLowerCase()}:${match[3]!.toLowerCase()}`;
    const address = z
      .string()
      .regex(EVM_ADDRESS, `${name} must be an aggregator contract address`)
      .parse(value) as `0x${string}`;
    (feeds[asset] ??= {})[match[4]!] = address;
  }
  return feeds;
})();

export type CollectorEnv = {
  address: `0x${string}`;
  tokens: { address: `0x${string}`; gasLimit?: number }[];
};

/**
 * Gasless payments in tokens without EIP-3009 (README, "Networks and tokens"):
 * `COLLECTOR_EIP155_<id>=<address>` is Tollgate's collector contract deployed on that chain
 * (contracts/TollgateCollector.sol), and `COLLECTOR_TOKENS_EIP155_<id>=<address>[:<gas limit>],…`
 * adds tokens beyond the asset registry's that the relayer pays a collection's gas for.
 */
export const collectorEnv: Record<string, CollectorEnv> = (() => {
  const chains: Record<string, CollectorEnv> = {};
  const address = (name: string, value: string) =>
    z.string().regex(EVM_ADDRESS, `${name} must be a contract address`).parse(value.trim()) as `0x${string}`;
  for (const [name, value] of Object.entries(process.env)) {
    const match = /^COLLECTOR(_TOKENS)?_EIP155_(\d+)$/.exec(name);
    if (!match || !value) continue;
    const chain = (chains[`eip155:${match[2]}`] ??= { address: "0x", tokens: [] });
    if (!match[1]) {
      chain.address = address(name, value);
      continue;
    }
    for (const item of value
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean)) {
      const [token, gasLimit] = item.split(":");
      chain.tokens.push({
        address: address(name, token!),
        gasLimit: gasLimit ? z.coerce.number().int().min(21_000).parse(gasLimit) : undefined,
      });
    }
  }
  for (const [chainId, chain] of Object.entries(chains))
    if (chain.address === "0x")
      throw new Error(
        `Invalid environment:\n  COLLECTOR_TOKENS for ${chainId} names tokens but COLLECTOR_EIP155_${chainId.split(":")[1]} is not set`,
      );
  return chains;
})();
