import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/lib/core/config/env";

let transport: Transporter | null | undefined;

/** The SMTP connection pool configured by SMTP_URL, or null when mail stays in the dev outbox. */
export function smtpTransport(): Transporter | null {
  if (transport === undefined) {
    // Short timeouts: a stuck server costs one worker round, and the mail is retried later.
    transport = env.SMTP_URL
      ? nodemailer.createTransport(
          { url: env.SMTP_URL, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 },
          { from: env.EMAIL_FROM },
        )
      : null;
  }
  return transport;
}

export const smtpConfigured = () => Boolean(env.SMTP_URL);
