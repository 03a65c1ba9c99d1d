import { AppError } from "./app-error";

// Failures of the mail server (SMTP_URL), not of Tollgate: nodemailer's errors carry the SMTP
// command they failed at and, when the server answered, its reply code.

// nodemailer's codes for a server that could not be reached or stopped answering.
const unreachableCodes = new Set(["ECONNECTION", "ESOCKET", "ETIMEDOUT", "EDNS", "ECONNREFUSED"]);

type SmtpError = Error & { code?: unknown; command?: unknown; responseCode?: unknown; response?: unknown };

/** A failure nodemailer reports: it names the SMTP command it was at (CONN for the connection itself). */
export function isSmtpError(error: unknown): boolean {
  const e = error as SmtpError | null;
  return (
    e instanceof Error &&
    typeof e.command === "string" &&
    typeof e.code === "string" &&
    e.code.startsWith("E")
  );
}

/** What a failed send was, in Tollgate's codes: the server away (smtp_unavailable) or refusing the mail (smtp_rejected). */
export function smtpFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const e = (error instanceof Error ? error : new Error(String(error))) as SmtpError;
  const reply = typeof e.responseCode === "number" ? e.responseCode : undefined;
  if (reply === undefined && typeof e.code === "string" && unreachableCodes.has(e.code))
    return new AppError("smtp_unavailable", `The mail server did not answer (${firstLine(e.message)}).`, {
      retryAfterSeconds: 30,
    });
  return new AppError(
    "smtp_rejected",
    `The mail server refused the mail${reply ? ` with ${reply}` : ""} (${firstLine(e.message)}).`,
    reply !== undefined && reply < 500 ? { reply, retryAfterSeconds: 30 } : { ...(reply ? { reply } : {}) },
  );
}

function firstLine(text: string): string {
  return (text.split("\n")[0] ?? "").trim().slice(0, 200);
}
