import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { OpenApiValidator } from "./openapi-validator";

/**
 * WalletConnect Pay's own OpenAPI document (WalletConnect/docs, `api/2026-02-19.preview.json`):
 * responses of the operations we share with it must also satisfy it, or its SDK refuses them.
 */
const doc = JSON.parse(readFileSync(fileURLToPath(new URL("./walletconnect-pay-openapi.json", import.meta.url)), "utf8"));

export const walletConnectContract = new OpenApiValidator(doc);

/** Throws when `body` is not what WalletConnect Pay's document promises for this response. */
export function expectWalletConnectShape(method: string, pathname: string, status: number, body: unknown): void {
  walletConnectContract.check(method, pathname, status, body);
}
