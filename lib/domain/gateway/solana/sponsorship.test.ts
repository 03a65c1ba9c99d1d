import { describe, expect, it, vi } from "vitest";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { createTestAccount, withTestDatabase } from "@/lib/core/testing/test-database";
import { createTestSubmission } from "../test-submission";
import { reserveSolanaSponsorship } from "./sponsorship";

// The Solana lamport budget is reserved under the relayer's lease: two relays of one account at
// once, with room in the budget for one, reserve it once. (The cluster's RPC is never called.)
vi.hoisted(() => {
  process.env.CHAIN_RPC_SOLANA_5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp = "http://127.0.0.1:9";
  process.env.SPONSOR_DAILY_LAMPORTS_PER_ACCOUNT = "15000";
});

withTestDatabase();

const cluster = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp";
const usdc = `${cluster}/token:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v`;
const relayer = "9dgC69iZRwQ6MUBXx7HPe4yFsTcJSBePXhtdi4xWnX4r";

const submission = (accountId: string) => createTestSubmission(accountId, cluster);

describe("the Solana lamport budget", () => {
  it("lets only one of two relays at once spend the last of it, and records lamports as feeLamports", async () => {
    const { accountId } = await createTestAccount();
    const [first, second] = [await submission(accountId), await submission(accountId)];
    const candidate = { accountId, asset: usdc, payer: "BuyerWa11et", destination: "Merchant" };
    const outcomes = await Promise.allSettled(
      [first!, second!].map((s) => reserveSolanaSponsorship(s.id, relayer, candidate, 10_000n)),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === "rejected")!.reason as AppError;
    expect(refused).toBeInstanceOf(AppError);
    expect(refused.code).toBe("sponsorship_budget_exhausted");
    const rows = await db().relayerSubmission.findMany({ where: { accountId } });
    expect(rows.map((r) => r.feeLamports?.toFixed() ?? null).sort()).toEqual(["10000", null]);
    expect(rows.every((r) => r.gasCostWei === null)).toBe(true);
  });
});
