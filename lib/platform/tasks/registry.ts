import "server-only";
import { handleResetRequests } from "@/lib/domain/auth/handle-reset-requests";
import { sendDueEmails } from "@/lib/platform/mail/send-due-emails";
import { env } from "@/lib/core/config/env";
import { recoverStaleSubmissions } from "@/lib/domain/gateway/recover-submissions";
import { recoverSolanaSubmissions } from "@/lib/domain/gateway/solana/relay";
import { recordMissingRelayGas } from "@/lib/domain/gateway/relay-gas";
import { deliverDueWebhooks, settleDeliveries } from "@/lib/platform/tasks/deliver-webhooks";
import { sweepExpiredPayments } from "@/lib/platform/tasks/sweep-expired-payments";
import { watchChains } from "@/lib/platform/tasks/watch-chains";
import { sweepDepositAddresses } from "./sweep-deposit-addresses";
import { auditLogRetention } from "./retention/audit-logs";
import { buyerDetailsRetention } from "./retention/buyer-details";
import { eventRetention } from "./retention/events";
import { gatewayOptionRetention } from "./retention/gateway-options";
import { idempotencyRetention } from "./retention/idempotency-records";
import { rateLimitBucketRetention } from "./retention/rate-limit-buckets";
import { requestLogRetention } from "./retention/request-logs";
import {
  emailRetention,
  emailTokenRetention,
  resetRequestRetention,
  userSessionRetention,
} from "./retention/sign-in-records";
import { webhookDeliveryRetention } from "./retention/webhook-deliveries";
import type { Task } from "./task";

// Not a job library: pg-boss 12 does run on PostgreSQL and PGlite, but our work is rows in our own
// tables claimed with SKIP LOCKED every second or so, not queued jobs, and its cron has minute
// resolution. It would bring a second schema outside prisma/migrations and a second connection pool
// to run five deletes every 15 minutes, which a lease row (lib/platform/tasks/lease.ts) does.

/** Every piece of Tollgate's background work; each worker runs them all (lib/platform/tasks/run-tasks.ts). */
export const registeredTasks: readonly Task[] = [
  {
    name: "Webhook delivery",
    everyMs: 1_000,
    lock: "rows",
    batch: 10,
    run: ({ batch, log }) => deliverDueWebhooks(batch, log),
    settle: settleDeliveries,
  },
  {
    name: "Mail delivery",
    everyMs: 1_000,
    lock: "rows",
    batch: 10,
    run: ({ batch, log }) => sendDueEmails(batch, log),
  },
  {
    name: "Password reset requests",
    everyMs: 1_000,
    lock: "rows",
    batch: 50,
    run: ({ batch }) => handleResetRequests(batch),
  },
  {
    name: "Expiry sweep",
    everyMs: 5_000,
    lock: "rows",
    batch: 50,
    run: async ({ batch }) => (await sweepExpiredPayments(batch)) === batch,
  },
  // Instances that watch at once read some blocks twice, which is harmless (see watch-chains.ts).
  {
    name: "Chain watch",
    everyMs: 2_000,
    lock: "rows",
    run: async ({ log }) => (await watchChains(log), false),
  },
  // Each instance claims the deposit addresses it sweeps (SKIP LOCKED and a lease on each), and
  // sweeps up to a batch of them in one transaction per chain.
  {
    name: "Deposit sweeps",
    everyMs: 1_000,
    lock: "rows",
    batch: 50,
    run: ({ batch }) => sweepDepositAddresses(batch),
  },
  {
    name: "Relayer recovery",
    everyMs: Math.min(15_000, env.RELAYER_STALE_CLAIM_MS),
    lock: "rows",
    batch: 20,
    run: async ({ batch }) => (
      await recoverStaleSubmissions(batch),
      await recoverSolanaSubmissions(batch),
      await recordMissingRelayGas(batch),
      false
    ),
  },
  rateLimitBucketRetention,
  idempotencyRetention,
  eventRetention,
  webhookDeliveryRetention,
  auditLogRetention,
  requestLogRetention,
  userSessionRetention,
  emailTokenRetention,
  resetRequestRetention,
  emailRetention,
  gatewayOptionRetention,
  buyerDetailsRetention,
];
