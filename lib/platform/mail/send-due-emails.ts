import "server-only";
import { db } from "@/lib/core/db";
import type { Logger } from "@/lib/core/log/logger";
import { smtpTransport } from "./transport";

const maxAttempts = 8;
// A claimed mail is not due again for this long: room for one send to finish or time out.
const claimSeconds = 120;

type ClaimedEmail = { id: string; to: string; subject: string; text: string; html: string; attempts: number };

/**
 * One round of mail delivery: claims what is due (SKIP LOCKED, so workers never share a mail) and
 * sends it over SMTP, or without SMTP prints it to the console (the row stays as the dev outbox).
 * Delivery is at least once: a worker that dies after sending leaves a mail sent again when its
 * claim runs out. A failure is retried with growing pauses; after 8 attempts the mail is failed.
 * After SMTP accepts a mail its body is erased, so links in it (resets) do not linger in the database.
 * Returns true when it claimed a full batch (more may be due).
 */
export async function sendDueEmails(limit: number, log: Logger): Promise<boolean> {
  const claimed = await db().$queryRaw<ClaimedEmail[]>`
    UPDATE "OutboundEmail" SET "nextAttemptAt" = clock_timestamp() + make_interval(secs => ${claimSeconds}), "attempts" = "attempts" + 1
    WHERE "id" IN (
      SELECT "id" FROM "OutboundEmail" WHERE "status" = 'pending' AND "nextAttemptAt" <= clock_timestamp()
      ORDER BY "nextAttemptAt" LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING "id", "to", "subject", "text", "html", "attempts"`;
  const transport = smtpTransport();
  for (const mail of claimed) {
    if (!transport) {
      log.info(`Mail (no SMTP_URL; kept in the dev outbox) to ${mail.to}: ${mail.subject}\n${mail.text}`);
      await db().outboundEmail.update({
        where: { id: mail.id },
        data: { status: "sent", sentAt: new Date(), error: null },
      });
      continue;
    }
    try {
      await transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      await db().outboundEmail.update({
        where: { id: mail.id },
        data: { status: "sent", sentAt: new Date(), error: null, text: "", html: "" },
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const final = mail.attempts >= maxAttempts;
      const retryInMs = Math.min(30_000 * 2 ** (mail.attempts - 1), 60 * 60_000);
      // A retry usually succeeds; only a mail given up on needs someone to look.
      log[final ? "error" : "warn"](
        `Mail to ${mail.to} (${mail.subject}) failed, attempt ${mail.attempts}: ${message}${final ? "; giving up." : ""}`,
      );
      await db().outboundEmail.update({
        where: { id: mail.id },
        data: final
          ? { status: "failed", error: message.slice(0, 500) }
          : { nextAttemptAt: new Date(Date.now() + retryInMs), error: message.slice(0, 500) },
      });
    }
  }
  return claimed.length === limit;
}
