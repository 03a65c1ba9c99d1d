import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { publicBaseUrl } from "@/lib/env";
import { derivedKey } from "@/lib/secrets";
import { clientAddress } from "./client-address";
import { rateLimitedError, serverError } from "./sign-in-errors";
import { verifyCredentials } from "./verify-credentials";

const secureCookies = publicBaseUrl().startsWith("https://");

export function authOptions(): NextAuthOptions {
  return {
    secret: derivedKey("session").toString("base64url"),
    session: { strategy: "jwt", maxAge: 12 * 60 * 60 },
    pages: { signIn: "/sign-in" },
    useSecureCookies: secureCookies,
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: { email: { type: "email" }, password: { type: "password" } },
        // next-auth hands a thrown error's message to the browser; only our own codes may reach it.
        authorize: async (credentials, request) => {
          const check = await verifyCredentials(credentials, clientAddress(request.headers)).catch((error: unknown) => {
            console.error("sign-in failed", error);
            throw new Error(serverError);
          });
          if (check.ok) return check.user;
          if (check.reason === "rate_limited") throw new Error(rateLimitedError(check.retryAfterSeconds));
          return null;
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) token.sub = user.id;
        return token;
      },
      session({ session, token }) {
        if (session.user && token.sub) (session.user as { id?: string }).id = token.sub;
        return session;
      },
    },
  };
}
