import fs from "node:fs";
import { fixturesFile } from "./settings";

export type RoleName = "owner" | "admin" | "developer" | "support" | "viewer";

export type AccountFixture = {
  accountId: string;
  name: string;
  users: Record<RoleName, { email: string; password: string }>;
  /** `testPaymentsReadOnly` holds only the payments.read permission. */
  keys: { test: string; live: string; testPaymentsReadOnly: string };
  /** A public App-Id of the account's test mode. */
  testAppId: string;
  /** A live-mode public App-Id, for wallets paying live payments. */
  liveAppId: string;
};

export type Fixtures = {
  demoOwner: { email: string; password: string };
  accounts: { a: AccountFixture; b: AccountFixture };
  /**
   * A developer of account B whose email is not confirmed. The product makes no such login today
   * (sign-up and joining confirm it); this one is written straight into the database to test the
   * banner and live-mode gate that would hold one back.
   */
  unconfirmed: { email: string; password: string };
  /** The suite's EIP-3009 token on the local chain, on the test server's sponsorship allow-list (the only one a gasless option is offered for). */
  authToken: `0x${string}`;
  /** Tollgate's collector on the local chain (COLLECTOR_EIP155_<id>). */
  collector: `0x${string}`;
  /** Tokens paid gasless through the collector: like Tether (no permit, `approve` from 0 only), and with EIP-2612 permit (6 and 18 decimals). */
  tetherToken: `0x${string}`;
  permitToken: `0x${string}`;
  /** A euro stablecoin with EIP-3009 on the sponsorship allow-list. */
  euroToken: `0x${string}`;
  /** Tollgate's DepositFactory on the local chain (DEPOSIT_FACTORY_EIP155_<id> of the test server). */
  depositFactory: `0x${string}`;
};

export function readFixtures(): Fixtures {
  return JSON.parse(fs.readFileSync(fixturesFile, "utf8")) as Fixtures;
}
