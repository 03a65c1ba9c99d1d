import type { Scope } from "@/lib/core/tenancy/scope";

export type Caller =
  | { kind: "api_key"; apiKeyId: string; permissions: string[] }
  | { kind: "public_app"; appId: string; clientId: string };

/** Everything an operation knows about who is calling. */
export type ApiContext = Scope & {
  caller: Caller;
  apiVersion: string;
  requestId: string;
  /** How the audit log and payment timelines name this caller. */
  actor: string;
};

/** One caller's name for per-caller limits: its key, or its public app's client. */
export function callerKey(caller: Caller): string {
  return caller.kind === "api_key" ? `key:${caller.apiKeyId}` : `app:${caller.appId}:${caller.clientId}`;
}
