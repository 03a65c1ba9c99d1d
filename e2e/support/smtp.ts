import { test } from "@playwright/test";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { smtpPort } from "./settings";

export type Mailbox = {
  /** Every mail received so far, oldest first. */
  received: ParsedMail[];
  /** The first mail (received or still to come) to `to` whose subject matches and that `where` accepts. */
  waitFor: (
    to: string,
    subject: RegExp,
    options?: { where?: (mail: ParsedMail) => boolean; timeoutMs?: number },
  ) => Promise<ParsedMail>;
  close: () => Promise<void>;
};

const recipients = (mail: ParsedMail) =>
  [mail.to]
    .flat()
    .flatMap((a) => a?.value ?? [])
    .map((a) => a.address?.toLowerCase());

/**
 * A real SMTP server (smtp-server) in the test process, on the port the test server's SMTP_URL
 * names; each message is parsed with mailparser. Plain SMTP on loopback, no AUTH or STARTTLS.
 */
export async function startMailbox(port = smtpPort): Promise<Mailbox> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });

  return {
    received,
    async waitFor(to, subject, { where = () => true, timeoutMs = 30_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.find(
          (m) => recipients(m).includes(to.toLowerCase()) && subject.test(m.subject ?? "") && where(m),
        );
        if (mail) return mail;
        if (Date.now() > deadline)
          throw new Error(
            `No mail to ${to} matching ${subject} within ${timeoutMs} ms; received: ${received.map((m) => `${recipients(m).join(",")}: ${m.subject}`).join("; ") || "nothing"}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text body that starts with `prefix` (e.g. `${baseURL}/verify-email/`). */
export function linkIn(mail: ParsedMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`${escaped}[A-Za-z0-9]+`).exec(mail.text ?? "");
  if (!match) throw new Error(`No ${prefix} link in the mail "${mail.subject}":\n${mail.text}`);
  return match[0];
}

/**
 * One mailbox for every test of the calling spec file: started before its first test, closed after
 * its last. Read `mailbox.current` inside a test.
 */
export function mailboxPerFile(): { readonly current: Mailbox } {
  let current: Mailbox | undefined;
  test.beforeAll(async () => {
    current = await startMailbox();
  });
  test.afterAll(async () => {
    await current?.close();
  });
  return {
    get current() {
      if (!current) throw new Error("The mailbox starts before the spec's first test.");
      return current;
    },
  };
}

/** A short tag that makes each test's emails and names its own. */
export const uniqueTag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
