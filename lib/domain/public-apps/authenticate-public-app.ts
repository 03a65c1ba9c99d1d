import "server-only";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { isId } from "@/lib/core/ids/ids";
import type { Scope } from "@/lib/core/tenancy/scope";

const clientIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

export type PublicAppContext = Scope & { appId: string; clientId: string; accountApiVersion: string };

/** App-Id names a public app of one account and mode; Client-Id names the wallet installation using it. */
export async function authenticatePublicApp(
  appId: string,
  clientId: string | null,
): Promise<PublicAppContext> {
  if (!clientId)
    throw new AppError("missing_client_id", "The Client-Id header is required with App-Id.", {
      fields: { "Client-Id": "Required with App-Id." },
    });
  if (!clientIdPattern.test(clientId)) {
    throw new AppError(
      "params_validation",
      "Client-Id must be 1-128 letters, digits, '.', '_', ':' or '-'.",
      { fields: { "Client-Id": "Invalid format." } },
    );
  }
  const app = isId("app", appId)
    ? await db().publicApp.findUnique({
        where: { id: appId },
        include: { account: { select: { apiVersion: true } } },
      })
    : null;
  if (!app || app.revokedAt)
    throw new AppError("invalid_app_id", "The App-Id provided is invalid or has been revoked.");
  return {
    accountId: app.accountId,
    mode: app.mode,
    appId: app.id,
    clientId,
    accountApiVersion: app.account.apiVersion,
  };
}
