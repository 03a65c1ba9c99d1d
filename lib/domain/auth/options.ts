import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { publicBaseUrl } from "@/lib/core/config/env";
import { logger } from "@/lib/core/log/logger";
import { derivedKey } from "@/lib/core/config/secrets";
import { clientAddress } from "./client-address";
import {
  codeMismatchError,
  passkeyMismatchError,
  rateLimitedError,
  secondFactorRequiredError,
  serverError,
} from "./sign-in-errors";
import { revokeUserSession, sessionLifetimeSeconds, startUserSession } from "./user-sessions";
import { verifyCredentials } from "./verify-credentials";

/** What a session carries of its user: who, and which sign-in (a UserSession row). */
export type SessionUser = { id?: string; sessionId?: string };

const secureCookies = publicBaseUrl().startsWith("https://");

export function authOptions(): NextAuthOptions {
  return {
    secret: derivedKey("session").toString("base64url"),
    session: { strategy: "jwt", maxAge: sessionLifetimeSeconds },
    pages: { signIn: "/sign-in" },
    useSecureCookies: secureCookies,
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: {
          email: { type: "email" },
          password: { type: "password" },
          code: { type: "text" },
          passkey: { type: "text" },
        },
        // next-auth hands a thrown error's message to the browser; only our own codes may reach it.
        authorize: async (credentials, request) => {
          const check = await verifyCredentials(credentials, clientAddress(request.headers)).catch(
            (error: unknown) => {
              logger.error({ err: error }, "Sign-in failed");
              throw new Error(serverError);
            },
          );
          if (check.ok) {
            const headers = request.headers as Record<string, string | undefined> | undefined;
            const sessionId = await startUserSession(
              check.user.id,
              { userAgent: headers?.["user-agent"] ?? null, ipAddress: clientAddress(headers) },
              { twoFactor: check.twoFactor },
            );
            return { ...check.user, sessionId };
          }
          if (check.reason === "rate_limited") throw new Error(rateLimitedError(check.retryAfterSeconds));
          if (check.reason === "second_factor_required")
            throw new Error(secondFactorRequiredError(check.secondFactors));
          if (check.reason === "code_mismatch") throw new Error(codeMismatchError);
          if (check.reason === "passkey_mismatch") throw new Error(passkeyMismatchError);
          return null;
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) {
          token.sub = user.id;
          token.sid = (user as { sessionId?: string }).sessionId;
        }
        return token;
      },
      session({ session, token }) {
        if (session.user && token.sub) (session.user as SessionUser).id = token.sub;
        if (session.user && typeof token.sid === "string")
          (session.user as SessionUser).sessionId = token.sid;
        return session;
      },
    },
    events: {
      // The cookie may have been copied: signing out must end the session on the server too.
      signOut: async ({ token }) => {
        if (typeof token?.sid === "string") await revokeUserSession(token.sid);
      },
    },
  };
}
