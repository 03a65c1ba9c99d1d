import "server-only";
import { Prisma } from "@/lib/core/db";
import { dayMs, deleteOlderThan, retentionTask } from "./retention-task";

// Sign-ins, mailed tokens, reset requests and sent mail are worth keeping only while they can be
// used, and a month after for support ("was I signed in from there?", "did the mail go out?").
const keptMs = 30 * dayMs;
const cutoff = (now: Date) => new Date(now.getTime() - keptMs);

/** Deletes up to `batch` sessions that ended (expired) more than 30 days before `now`. */
export const sweepOldUserSessions = (batch: number, now: Date) =>
  deleteOlderThan("UserSession", "expiresAt", cutoff(now), batch);
/** Deletes up to `batch` mailed tokens that expired more than 30 days before `now`. */
export const sweepOldEmailTokens = (batch: number, now: Date) =>
  deleteOlderThan("EmailToken", "expiresAt", cutoff(now), batch);
/** Deletes up to `batch` password reset requests made more than 30 days before `now`. */
export const sweepOldResetRequests = (batch: number, now: Date) =>
  deleteOlderThan("PasswordResetRequest", "createdAt", cutoff(now), batch);
/** Deletes up to `batch` mails (sent or given up, never one still pending) written more than 30 days before `now`. */
export const sweepOldEmails = (batch: number, now: Date) =>
  deleteOlderThan("OutboundEmail", "createdAt", cutoff(now), batch, Prisma.sql`"status" <> 'pending'`);

export const userSessionRetention = retentionTask(
  "Session retention",
  { one: "ended session", many: "ended sessions" },
  sweepOldUserSessions,
);
export const emailTokenRetention = retentionTask(
  "Email token retention",
  { one: "old email token", many: "old email tokens" },
  sweepOldEmailTokens,
);
export const resetRequestRetention = retentionTask(
  "Reset request retention",
  { one: "old reset request", many: "old reset requests" },
  sweepOldResetRequests,
);
export const emailRetention = retentionTask(
  "Mail retention",
  { one: "old mail", many: "old mails" },
  sweepOldEmails,
);
