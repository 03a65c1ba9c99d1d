"use client";

import { startAuthentication, startRegistration, WebAuthnError } from "@simplewebauthn/browser";
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";

export type BrowserPasskeyResult<T> = { ok: true; response: T } | { ok: false; message: string };

/** What the person can do about a browser's refusal, in words rather than DOMException names. */
function explain(error: unknown): string {
  const name =
    error instanceof WebAuthnError
      ? ((error.cause as Error | undefined)?.name ?? error.name)
      : error instanceof Error
        ? error.name
        : "";
  if (error instanceof WebAuthnError && error.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED")
    return "This device already holds one of your passkeys.";
  if (name === "NotAllowedError" || name === "AbortError")
    return "No passkey was used: the request was cancelled or timed out, or this device holds none of your passkeys.";
  if (name === "SecurityError")
    return "Passkeys work only at the dashboard's own address (its PUBLIC_BASE_URL). Open the dashboard there and try again.";
  if (name === "NotSupportedError") return "This browser or device cannot use passkeys.";
  return "The passkey could not be used. Try again, or use another way.";
}

export async function createPasskey(
  optionsJSON: PublicKeyCredentialCreationOptionsJSON,
): Promise<BrowserPasskeyResult<Awaited<ReturnType<typeof startRegistration>>>> {
  try {
    return { ok: true, response: await startRegistration({ optionsJSON }) };
  } catch (error) {
    return { ok: false, message: explain(error) };
  }
}

export async function signWithPasskey(
  optionsJSON: PublicKeyCredentialRequestOptionsJSON,
): Promise<BrowserPasskeyResult<Awaited<ReturnType<typeof startAuthentication>>>> {
  try {
    return { ok: true, response: await startAuthentication({ optionsJSON }) };
  } catch (error) {
    return { ok: false, message: explain(error) };
  }
}
