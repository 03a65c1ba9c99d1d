import { beforeEach, describe, expect, it } from "vitest";
import { db, type DeliveryStatus, type PaymentStatus } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import type { Scope } from "@/lib/core/tenancy/scope";
import { createTestAccount, withTestDatabase } from "@/lib/core/testing/test-database";
import { sweepOldAuditLogs } from "./audit-logs";
import { sweepFinalPaymentQuotes } from "./gateway-options";
import { sweepOldEvents } from "./events";
import { sweepExpiredIdempotencyRecords } from "./idempotency-records";
import { sweepIdleBuckets } from "./rate-limit-buckets";
import { sweepOldRequestLogs } from "./request-logs";
import { dayMs } from "./retention-task";
import {
  sweepOldEmails,
  sweepOldEmailTokens,
  sweepOldResetRequests,
  sweepOldUserSessions,
} from "./sign-in-records";
import { sweepOldDeliveries } from "./webhook-deliveries";

withTestDatabase();

const minute = 60_000;
const now = new Date();

// Each table's retention: where its clock starts for a row, how old a row may get, how to write
// one whose clock started at `at`, and which of some ids are still there.
type Table = {
  name: string;
  keepMs: number;
  sweep: (batch: number, now: Date) => Promise<number>;
  insert: (scope: Scope, at: Date) => Promise<string>;
  remaining: (ids: string[]) => Promise<string[]>;
};

const tables: Table[] = [
  {
    name: "idempotency records (24 h from the request, as expiresAt says)",
    keepMs: 0,
    sweep: sweepExpiredIdempotencyRecords,
    insert: async (scope, expiresAt) => {
      const row = await db().idempotencyRecord.create({
        data: {
          id: newId("idem"),
          ...scope,
          key: newId("idem"),
          requestHash: "h",
          state: "completed",
          createdAt: new Date(expiresAt.getTime() - dayMs),
          expiresAt,
        },
      });
      return row.id;
    },
    remaining: async (ids) =>
      (await db().idempotencyRecord.findMany({ where: { id: { in: ids } } })).map((r) => r.id),
  },
  {
    name: "rate-limit buckets (idle for a day)",
    keepMs: dayMs,
    sweep: sweepIdleBuckets,
    insert: async (scope, updatedAt) =>
      (
        await db().rateLimitBucket.create({
          data: { key: `key:${scope.accountId}:${newId("key")}`, tokens: 1, updatedAt },
        })
      ).key,
    remaining: async (keys) =>
      (await db().rateLimitBucket.findMany({ where: { key: { in: keys } } })).map((r) => r.key),
  },
  {
    name: "events (30 days)",
    keepMs: 30 * dayMs,
    sweep: sweepOldEvents,
    insert: async (scope, createdAt) => (await insertEvent(scope, createdAt)).id,
    remaining: async (ids) => (await db().event.findMany({ where: { id: { in: ids } } })).map((r) => r.id),
  },
  {
    name: "webhook deliveries (30 days, once delivered or given up)",
    keepMs: 30 * dayMs,
    sweep: sweepOldDeliveries,
    insert: async (scope, createdAt) => insertDelivery(scope, createdAt, "succeeded"),
    remaining: async (ids) =>
      (await db().webhookDelivery.findMany({ where: { id: { in: ids } } })).map((r) => r.id),
  },
  {
    name: "audit entries (a year)",
    keepMs: 365 * dayMs,
    sweep: sweepOldAuditLogs,
    insert: async (scope, createdAt) =>
      (
        await db().auditLog.create({
          data: { id: newId("aud"), ...scope, actor: "system", action: "test.done", createdAt },
        })
      ).id,
    remaining: async (ids) => (await db().auditLog.findMany({ where: { id: { in: ids } } })).map((r) => r.id),
  },
  {
    name: "API request log (30 days)",
    keepMs: 30 * dayMs,
    sweep: sweepOldRequestLogs,
    insert: async (scope, createdAt) => {
      const row = await db().requestLog.create({
        data: {
          id: newId("req"),
          ...scope,
          apiKeyId: newId("key"),
          method: "GET",
          path: "/v1/merchants",
          status: 200,
          durationMs: 3,
          createdAt,
        },
      });
      return row.id;
    },
    remaining: async (ids) =>
      (await db().requestLog.findMany({ where: { id: { in: ids } } })).map((r) => r.id),
  },
  {
    name: "sessions (30 days after they expire)",
    keepMs: 30 * dayMs,
    sweep: sweepOldUserSessions,
    insert: async (scope, expiresAt) =>
      (
        await db().userSession.create({
          data: {
            id: newId("sess"),
            userId: await insertUser(scope),
            createdAt: new Date(expiresAt.getTime() - dayMs),
            expiresAt,
          },
        })
      ).id,
    remaining: async (ids) =>
      (await db().userSession.findMany({ where: { id: { in: ids } } })).map((r) => r.id),
  },
  {
    name: "email tokens (30 days after they expire)",
    keepMs: 30 * dayMs,
    sweep: sweepOldEmailTokens,
    insert: async (scope, expiresAt) =>
      (
        await db().emailToken.create({
          data: {
            id: newId("etok"),
            userId: await insertUser(scope),
            purpose: "reset_password",
            tokenHash: newId("etok"),
            expiresAt,
          },
        })
      ).id,
    remaining: async (ids) =>
      (await db().emailToken.findMany({ where: { id: { in: ids } } })).map((r) => r.id),
  },
  {
    name: "password reset requests (30 days)",
    keepMs: 30 * dayMs,
    sweep: sweepOldResetRequests,
    insert: async (scope, createdAt) =>
      (
        await db().passwordResetRequest.create({
          data: { id: newId("pwr"), email: `${scope.accountId}@shop.example`, createdAt },
        })
      ).id,
    remaining: async (ids) =>
      (await db().passwordResetRequest.findMany({ where: { id: { in: ids } } })).map((r) => r.id),
  },
  {
    name: "mail sent or given up (30 days)",
    keepMs: 30 * dayMs,
    sweep: sweepOldEmails,
    insert: async (scope, createdAt) =>
      (
        await db().outboundEmail.create({
          data: {
            id: newId("mail"),
            accountId: scope.accountId,
            to: "owner@shop.example",
            subject: "s",
            text: "t",
            html: "h",
            status: "sent",
            createdAt,
          },
        })
      ).id,
    remaining: async (ids) =>
      (await db().outboundEmail.findMany({ where: { id: { in: ids } } })).map((r) => r.id),
  },
  {
    name: "quotes of final payments (a day after they expired, unless confirmed)",
    keepMs: dayMs,
    sweep: sweepFinalPaymentQuotes,
    insert: async (scope, expiresAt) => insertQuote(scope, expiresAt, "expired"),
    remaining: async (ids) =>
      (await db().gatewayOption.findMany({ where: { id: { in: ids } } })).map((r) => r.id),
  },
];

async function insertQuote(
  scope: Scope,
  expiresAt: Date,
  status: PaymentStatus,
  confirmedAt: Date | null = null,
): Promise<string> {
  const merchant = await db().merchant.create({
    data: { id: newId("mrch"), ...scope, name: "Shop", email: "shop@example.com" },
  });
  const payment = await db().payment.create({
    data: {
      id: newId("pay"),
      ...scope,
      merchantId: merchant.id,
      referenceId: "r",
      amountUnit: "iso4217/USD",
      amountValue: 100,
      status,
      expiresAt,
    },
  });
  const option = await db().gatewayOption.create({
    data: {
      id: newId("opt"),
      ...scope,
      paymentId: payment.id,
      settlementId: newId("crypto"),
      asset: "eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
      destination: "eip155:8453:0x52908400098527886E0F7030069857D2E4169EE7",
      payer: "eip155:8453:0x52908400098527886E0F7030069857D2E4169EE7",
      value: 1000000,
      method: "transaction",
      expiresAt,
      confirmedAt,
    },
  });
  return option.id;
}

async function insertUser(scope: Scope): Promise<string> {
  const id = newId("user");
  await db().user.create({
    data: { id, email: `${id.toLowerCase()}.${scope.mode}@shop.example`, name: "Someone", passwordHash: "x" },
  });
  return id;
}

async function insertEvent(scope: Scope, createdAt: Date) {
  return db().event.create({
    data: { id: newId("evt"), ...scope, type: "payment.created", data: {}, createdAt },
  });
}

async function insertDelivery(
  scope: Scope,
  createdAt: Date,
  status: DeliveryStatus,
  eventId?: string,
): Promise<string> {
  const endpoint = await db().webhookEndpoint.create({
    data: {
      id: newId("we"),
      ...scope,
      url: "https://shop.example.com/hook",
      events: ["*"],
      secretEncrypted: "x",
    },
  });
  const event = eventId ?? (await insertEvent(scope, createdAt)).id;
  const delivery = await db().webhookDelivery.create({
    data: { id: newId("whd"), ...scope, endpointId: endpoint.id, eventId: event, status, createdAt },
  });
  return delivery.id;
}

async function sweepAll(sweep: Table["sweep"], at = now): Promise<void> {
  while ((await sweep(500, at)) > 0);
}

describe.each(tables)("retention of $name", (table) => {
  const cutoff = new Date(now.getTime() - table.keepMs);
  let accounts: Scope[];

  beforeEach(async () => {
    // Rows other tests left due must not be counted here.
    await sweepAll(table.sweep);
    const a = await createTestAccount();
    accounts = [a, { ...a, mode: "live" }, await createTestAccount("live")];
  });

  it("deletes the rows a minute past it in every account and mode, and keeps those a minute short of it", async () => {
    const due = await Promise.all(
      accounts.map((scope) => table.insert(scope, new Date(cutoff.getTime() - minute))),
    );
    const kept = await Promise.all(
      accounts.map((scope) => table.insert(scope, new Date(cutoff.getTime() + minute))),
    );
    expect(await table.sweep(500, now)).toBe(due.length);
    expect((await table.remaining([...due, ...kept])).sort()).toEqual([...kept].sort());
  });

  it("deletes at most a batch at a time, oldest first", async () => {
    const ids = [];
    for (const ageMinutes of [3, 2, 1])
      ids.push(await table.insert(accounts[0]!, new Date(cutoff.getTime() - ageMinutes * minute)));
    expect(await table.sweep(2, now)).toBe(2);
    expect(await table.remaining(ids)).toEqual([ids[2]]);
    expect(await table.sweep(2, now)).toBe(1);
    expect(await table.sweep(2, now)).toBe(0);
  });
});

describe("retention of webhook work still to do", () => {
  const old = new Date(now.getTime() - 31 * dayMs);

  it("keeps a pending delivery of any age, and the event it has yet to send", async () => {
    const scope = await createTestAccount();
    const pending = await insertDelivery(scope, old, "pending");
    const { eventId } = await db().webhookDelivery.findUniqueOrThrow({ where: { id: pending } });
    await sweepAll(sweepOldDeliveries);
    await sweepAll(sweepOldEvents);
    expect(await db().webhookDelivery.count({ where: { id: pending } })).toBe(1);
    expect(await db().event.count({ where: { id: eventId } })).toBe(1);
  });

  it("deletes an old event's finished deliveries with it", async () => {
    const scope = await createTestAccount();
    const done = await insertDelivery(scope, old, "failed");
    const { eventId } = await db().webhookDelivery.findUniqueOrThrow({ where: { id: done } });
    await sweepAll(sweepOldEvents);
    expect(await db().event.count({ where: { id: eventId } })).toBe(0);
    expect(await db().webhookDelivery.count({ where: { id: done } })).toBe(0);
  });

  it("keeps a payment's own history, whatever its age", async () => {
    const scope = await createTestAccount();
    const merchant = await db().merchant.create({
      data: { id: newId("mrch"), ...scope, name: "Shop", email: "shop@example.com" },
    });
    const payment = await db().payment.create({
      data: {
        id: newId("pay"),
        ...scope,
        merchantId: merchant.id,
        referenceId: "r",
        amountUnit: "iso4217/USD",
        amountValue: 100,
        expiresAt: old,
        createdAt: old,
      },
    });
    await db().paymentEvent.create({
      data: {
        id: newId("pev"),
        ...scope,
        paymentId: payment.id,
        version: 1,
        type: "payment.created",
        actor: "system",
        createdAt: old,
      },
    });
    await insertEvent(scope, old);
    await sweepAll(sweepOldEvents);
    expect(await db().paymentEvent.count({ where: { paymentId: payment.id } })).toBe(1);
  });
});

describe("retention of mail", () => {
  it("keeps a mail still waiting to be sent, however old", async () => {
    const scope = await createTestAccount();
    const old = new Date(now.getTime() - 90 * dayMs);
    const pending = await db().outboundEmail.create({
      data: {
        id: newId("mail"),
        accountId: scope.accountId,
        to: "owner@shop.example",
        subject: "s",
        text: "t",
        html: "h",
        status: "pending",
        createdAt: old,
      },
    });
    await sweepAll(sweepOldEmails);
    expect(await db().outboundEmail.count({ where: { id: pending.id } })).toBe(1);
  });
});

describe("retention of quotes", () => {
  it("keeps the quotes of a payment still open, and the quote a wallet confirmed, however old", async () => {
    const scope = await createTestAccount("live");
    const old = new Date(now.getTime() - 90 * dayMs);
    const open = await insertQuote(scope, old, "requires_action");
    const processing = await insertQuote(scope, old, "processing");
    const confirmed = await insertQuote(scope, old, "succeeded", old);
    await sweepAll(sweepFinalPaymentQuotes);
    expect(await db().gatewayOption.count({ where: { id: { in: [open, processing, confirmed] } } })).toBe(3);
  });
});
