import type { AddressInfo } from "node:net";
import nodemailer from "nodemailer";
import { SMTPServer } from "smtp-server";
import { describe, expect, it } from "vitest";
import { answerError } from "@/lib/platform/api/answer";
import { smtpFailure } from "./mail-errors";

// A mail server's failure is the mail server's, said in its own codes: never a 500 internal_error,
// nor the database's service_unavailable. Real nodemailer sends, to a closed port and to a real
// SMTP server that refuses the recipient.

const send = (url: string) =>
  nodemailer
    .createTransport({ url, connectionTimeout: 5_000 })
    .sendMail({ from: "shop@example.com", to: "buyer@example.com", subject: "Receipt", text: "Thanks." })
    .then(
      () => null,
      (e: unknown) => e,
    );

describe("mail server failures", () => {
  it("a server that is not there is 503 smtp_unavailable, with Retry-After", async () => {
    const error = await send("smtp://127.0.0.1:9");
    expect(smtpFailure(error)).toMatchObject({ code: "smtp_unavailable", status: 503 });
    const { answer, errorBody } = answerError(error, "req_1");
    expect({
      status: answer.status,
      retryAfter: answer.headers["Retry-After"],
      code: errorBody.code,
    }).toEqual({
      status: 503,
      retryAfter: "30",
      code: "smtp_unavailable",
    });
    expect(errorBody.message).toMatch(/^The mail server did not answer \(connect ECONNREFUSED/);
  });

  it("a server that refuses the mail is 502 smtp_rejected with its reply code, and no Retry-After for a permanent refusal", async () => {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error("No such mailbox"), { responseCode: 550 }));
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const error = await send(`smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`);
      const { answer, errorBody } = answerError(error, "req_2");
      expect({
        status: answer.status,
        retryAfter: answer.headers["Retry-After"],
        code: errorBody.code,
      }).toEqual({
        status: 502,
        retryAfter: undefined,
        code: "smtp_rejected",
      });
      expect(errorBody.details).toMatchObject({ reply: 550, requestId: "req_2" });
      expect(errorBody.message).toContain("No such mailbox");
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
