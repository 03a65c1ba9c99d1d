import crypto from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { db, type PaymentStatus } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import { createTestAccount, withTestDatabase } from "@/lib/core/testing/test-database";
import {
  attributeTransfer,
  attributionKeys,
  authorizationKey,
  paidLateHorizonMs,
  transactionSubmittedEvent,
} from "./attribution";

// The attribution rule on the in-memory database: payments at one shared wallet, in one token,
// mostly of the same amount, created and paid in random order (gasless, by a returned hash, or from
// a wallet that told us nothing), with strangers' transfers, early and reorged ones (the same
// authorization executed again in another transaction) and hashes an attacker copied to another
// payment. No transfer is ever credited to a payment it was not made for.
withTestDatabase();

const hex32 = () => `0x${crypto.randomBytes(32).toString("hex")}`;
const address = () => `0x${crypto.randomBytes(20).toString("hex")}`;

type Way = "gasless" | "hash" | "silent";
/** A transfer as the chain shows it, and whom it was made for (null: a stranger's). */
type Step =
  | { kind: "create"; payment: number }
  | { kind: "pay"; payment: number; reorged: boolean }
  | { kind: "stranger"; withAuthorizationOfPayerOf: number | null }
  | { kind: "copy"; from: number; to: number };

const paymentPlan = fc.record({
  way: fc.constantFrom<Way>("gasless", "hash", "silent"),
  amount: fc.constantFrom(5_000_000n, 5_000_000n, 100_000_000n),
  status: fc.constantFrom<PaymentStatus>(
    "requires_action",
    "requires_action",
    "requires_action",
    "processing",
    "expired",
    "succeeded",
    "cancelled",
  ),
  expiredLongAgo: fc.boolean(),
});

const scenario = fc.array(paymentPlan, { minLength: 1, maxLength: 6 }).chain((plans) =>
  fc.record({
    plans: fc.constant(plans),
    steps: fc.array(
      fc.oneof(
        {
          arbitrary: fc.record({ kind: fc.constant("create" as const), payment: fc.nat(plans.length - 1) }),
          weight: 3,
        },
        {
          arbitrary: fc.record({
            kind: fc.constant("pay" as const),
            payment: fc.nat(plans.length - 1),
            reorged: fc.boolean(),
          }),
          weight: 3,
        },
        {
          arbitrary: fc.record({
            kind: fc.constant("stranger" as const),
            withAuthorizationOfPayerOf: fc.option(fc.nat(plans.length - 1)),
          }),
          weight: 1,
        },
        {
          arbitrary: fc.record({
            kind: fc.constant("copy" as const),
            from: fc.nat(plans.length - 1),
            to: fc.nat(plans.length - 1),
          }),
          weight: 2,
        },
      ),
      { minLength: 1, maxLength: 16 },
    ),
  }),
);

let run = 0;

describe("attribution", () => {
  it("never credits a transfer to a payment it was not made for, and credits each attributable one to its payment", async () => {
    const scope = await createTestAccount("live");
    const merchant = await db().merchant.create({
      data: { id: newId("mrch"), ...scope, name: "Shared wallet shop", email: "shared@example.com" },
    });
    let credited = 0;

    await fc.assert(
      fc.asyncProperty(scenario, async ({ plans, steps }) => {
        // Each run its own chain, so earlier runs' payments are not this one's.
        const chainId = `eip155:${900_000 + run++}`;
        const asset = `${chainId}/erc20:0x${"ab".repeat(20)}`;
        const wallet = `${chainId}:0x${"cd".repeat(20)}`;
        const made: ({ id: string; payer: string; nonce: string; hash: string } | null)[] = plans.map(
          () => null,
        );
        /** Hashes returned for each payment (its own, and any an attacker copied onto it). */
        const returned = new Map<string, Set<number>>();

        const create = async (i: number) => {
          if (made[i]) return;
          const plan = plans[i]!;
          const id = newId("pay");
          const expiresAt =
            plan.status === "expired"
              ? new Date(Date.now() - (plan.expiredLongAgo ? paidLateHorizonMs + 60_000 : 60_000))
              : new Date(Date.now() + 900_000);
          await db().payment.create({
            data: {
              id,
              ...scope,
              merchantId: merchant.id,
              referenceId: `p${i}`,
              amountUnit: `caip19/${asset}`,
              amountValue: plan.amount.toString(),
              status: plan.status,
              expiresAt,
              optionAsset: asset,
              optionDestination: wallet,
              optionValue: plan.amount.toString(),
            },
          });
          const entry = { id, payer: address(), nonce: hex32(), hash: hex32() };
          made[i] = entry;
          if (plan.way === "gasless") {
            await db().gatewayOption.create({
              data: {
                id: newId("opt"),
                ...scope,
                paymentId: id,
                settlementId: "crypto_shared",
                asset,
                destination: wallet,
                payer: `${chainId}:${entry.payer}`,
                value: plan.amount.toString(),
                method: "eip3009",
                nonce: entry.nonce,
                expiresAt,
                confirmedAt: new Date(),
                result: hex32(),
              },
            });
          }
          if (plan.way === "hash") await submit(i, entry.hash);
        };
        const submit = async (i: number, hash: string) => {
          const payment = await db().payment.findUniqueOrThrow({ where: { id: made[i]!.id } });
          await db().payment.update({ where: { id: payment.id }, data: { version: { increment: 1 } } });
          await db().paymentEvent.create({
            data: {
              id: newId("pev"),
              ...scope,
              paymentId: payment.id,
              version: payment.version + 1,
              type: transactionSubmittedEvent,
              actor: "buyer",
              data: { txHash: hash },
            },
          });
          returned.set(hash, new Set([...(returned.get(hash) ?? []), i]));
        };
        /** What the watcher decides for a transfer on the chain, with the keys as they are now. */
        const decide = async (transfer: { txHash: string; authorizations: string[] }) =>
          attributeTransfer(transfer, await attributionKeys(chainId));
        const attributable = (i: number) => {
          const plan = plans[i]!;
          return (
            plan.status === "requires_action" ||
            plan.status === "processing" ||
            (plan.status === "expired" && !plan.expiredLongAgo)
          );
        };

        // Whatever came before, every payment is made and paid at the end (late for some).
        const finale: Step[] = [
          ...plans.map((_, i) => ({ kind: "create" as const, payment: i })),
          ...plans.map((_, i) => ({ kind: "pay" as const, payment: i, reorged: false })),
        ];
        for (const step of [...steps, ...finale]) {
          if (step.kind === "create") await create(step.payment);
          else if (step.kind === "copy") {
            // Someone with both links submits one payment's hash to the other, as soon as both exist.
            await create(step.from);
            await create(step.to);
            if (plans[step.from]!.way === "hash") await submit(step.to, made[step.from]!.hash);
          } else if (step.kind === "stranger") {
            // A stranger's transfer (any amount, any time): its own hash, and at most an authorization
            // of some buyer's account with a nonce no payment offered.
            const victim =
              step.withAuthorizationOfPayerOf !== null ? made[step.withAuthorizationOfPayerOf] : null;
            const authorizations = victim ? [authorizationKey(victim.payer, hex32())] : [];
            expect(await decide({ txHash: hex32(), authorizations })).toBeNull();
          } else {
            const mine = made[step.payment];
            if (!mine) continue;
            const plan = plans[step.payment]!;
            // A reorged gasless payment is the same authorization in another transaction; a hash is its own.
            const txHash = plan.way === "hash" && !step.reorged ? mine.hash : hex32();
            const authorizations = plan.way === "gasless" ? [authorizationKey(mine.payer, mine.nonce)] : [];
            const decided = await decide({ txHash, authorizations });
            if (decided !== null) expect(decided).toBe(mine.id);
            const unambiguous =
              plan.way === "gasless" ||
              (plan.way === "hash" && !step.reorged && returned.get(mine.hash)?.size === 1);
            if (attributable(step.payment) && unambiguous) {
              expect(decided).toBe(mine.id);
              credited++;
            }
            if (plan.way === "silent") expect(decided).toBeNull();
          }
        }
      }),
      { numRuns: 30 },
    );
    // The property held with transfers actually credited, not only refused.
    expect(credited).toBeGreaterThan(10);
  }, 120_000);
});
