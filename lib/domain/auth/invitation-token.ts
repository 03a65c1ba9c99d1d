import "server-only";
import crypto from "node:crypto";
import { publicBaseUrl } from "@/lib/core/config/env";
import { randomBase62 } from "@/lib/core/ids/ids";

export const invitationLifetimeMs = 7 * 24 * 60 * 60 * 1000;

/** The secret in an invite link. Only its SHA-256 is stored; the link is shown once, to the inviter. */
export function newInvitationToken(): string {
  return randomBase62(40);
}

export function hashInvitationToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export function invitationLink(token: string): string {
  return `${publicBaseUrl()}/invite/${token}`;
}
