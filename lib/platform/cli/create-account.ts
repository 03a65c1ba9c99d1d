// Operator command: creates an account, its owner and one API key, and prints the key once.
//   npm run ops:create-account -- --email ops@example.com [--name "Ops"] [--account "Acme"]
//                                  [--password ...] [--mode test|live] [--key-name ...] [--json]
import crypto from "node:crypto";
import { parseArgs } from "node:util";
import { z } from "zod";
import { createAccountWithOwner } from "@/lib/domain/accounts/create-account";
import { createApiKey } from "@/lib/domain/api-keys/create-api-key";
import { apiPermissions } from "@/lib/domain/permissions/api-key-permissions";
import { closeDb, db } from "@/lib/core/db";
import { prepareDatabase } from "@/lib/core/db/prepare";
import { AppError } from "@/lib/core/errors/errors";
import { logger } from "@/lib/core/log/logger";
import { writeTransactionLimits } from "@/lib/domain/context/call-context";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    name: { type: "string" },
    account: { type: "string" },
    password: { type: "string" },
    mode: { type: "string", default: "test" },
    "key-name": { type: "string" },
    json: { type: "boolean", default: false },
  },
});

const args = z
  .object({
    email: z.email("--email must be an email address"),
    name: z.string().min(1).optional(),
    account: z.string().min(1).optional(),
    password: z.string().min(8, "--password must be at least 8 characters").optional(),
    mode: z.enum(["test", "live"], "--mode must be test or live"),
    "key-name": z.string().min(1).optional(),
    json: z.boolean(),
  })
  .safeParse(values);

if (!args.success) {
  console.error(args.error.issues.map((i) => i.message).join("\n"));
  console.error(
    "Usage: npm run ops:create-account -- --email EMAIL [--name NAME] [--account NAME] [--password PW] [--mode test|live] [--key-name NAME] [--json]",
  );
  process.exit(2);
}

const input = args.data;
const password = input.password ?? crypto.randomBytes(12).toString("base64url");
let exitCode = 0;
try {
  // This command's output is its answer (--json is read by scripts): no progress lines in it.
  await prepareDatabase(logger.child({}, { level: "silent" }));
  // Write limits: the password's hash is made inside, which on a busy machine can outlast the default 5 s.
  const result = await db().$transaction(async (tx) => {
    const { account, user } = await createAccountWithOwner(tx, {
      accountName: input.account ?? input.email.split("@")[1] ?? "Account",
      ownerEmail: input.email,
      ownerName: input.name ?? input.email.split("@")[0] ?? "Owner",
      password,
      // The operator typed the address and hands the login over: nothing to verify by mail.
      emailVerified: true,
    });
    const key = await createApiKey(tx, {
      accountId: account.id,
      mode: input.mode,
      name: input["key-name"] ?? `${input.mode} key`,
      actor: "system",
      createdById: user.id,
      permissions: apiPermissions,
      grantorRole: "owner",
    });
    return {
      accountId: account.id,
      userId: user.id,
      email: user.email,
      password,
      apiKeyId: key.id,
      apiKey: key.key,
      mode: key.mode,
    };
  }, writeTransactionLimits);
  if (input.json) {
    console.log(JSON.stringify(result));
  } else {
    console.log(`Account ${result.accountId} created; owner ${result.email} / ${result.password}`);
    console.log(`${result.mode === "live" ? "Live" : "Test"} API key (shown once): ${result.apiKey}`);
  }
} catch (error) {
  console.error(error instanceof AppError ? error.message : error);
  exitCode = 1;
} finally {
  await closeDb();
}
process.exit(exitCode);
