import "server-only";
import { authenticateApiKey } from "@/lib/domain/api-keys/authenticate-api-key";
import type { ApiPermission } from "@/lib/domain/permissions/api-key-permissions";
import { AppError } from "@/lib/core/errors/errors";
import { authenticatePublicApp } from "@/lib/domain/public-apps/authenticate-public-app";
import type { Scope } from "@/lib/core/tenancy/scope";
import type { Caller } from "./context";

export type Authenticated = Scope & { caller: Caller; actor: string; accountApiVersion: string };

/**
 * An Api-Key, or App-Id + Client-Id where the operation allows it; where it does, the errors are
 * WalletConnect Pay's (both schemes at once, neither, or Client-Id without App-Id).
 */
export async function authenticate(
  header: (name: string) => string | null,
  allowPublicApp: boolean,
): Promise<Authenticated> {
  const apiKey = header("api-key");
  const appId = header("app-id");
  if (allowPublicApp) {
    if (apiKey && appId)
      throw new AppError(
        "conflicting_auth_headers",
        "Send either Api-Key or App-Id with Client-Id, not both.",
      );
    if (!apiKey && !appId) {
      if (header("client-id"))
        throw new AppError("missing_app_id", "Client-Id was sent without App-Id: send both, or an Api-Key.", {
          fields: { "App-Id": "Required with Client-Id." },
        });
      throw new AppError("missing_auth_headers", "Send an Api-Key header, or App-Id and Client-Id.");
    }
  }
  if (apiKey || !appId) {
    const key = await authenticateApiKey(apiKey);
    return {
      accountId: key.accountId,
      mode: key.mode,
      caller: { kind: "api_key", apiKeyId: key.apiKeyId, permissions: key.permissions },
      actor: `api_key:${key.apiKeyId}`,
      accountApiVersion: key.accountApiVersion,
    };
  }
  const app = await authenticatePublicApp(appId, header("client-id"));
  if (!allowPublicApp)
    throw new AppError(
      "forbidden",
      "An App-Id may only read payment status. Use a secret API key for this operation.",
    );
  return {
    accountId: app.accountId,
    mode: app.mode,
    caller: { kind: "public_app", appId: app.appId, clientId: app.clientId },
    actor: `app:${app.appId}`,
    accountApiVersion: app.accountApiVersion,
  };
}

export function requirePermission(caller: Caller, permission: ApiPermission | undefined): void {
  if (!permission || caller.kind !== "api_key") return;
  if (!caller.permissions.includes(permission)) {
    throw new AppError("forbidden", `This API key does not have the ${permission} permission.`);
  }
}
