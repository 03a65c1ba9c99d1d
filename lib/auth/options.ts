import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { publicBaseUrl } from "@/lib/env";
import { derivedKey } from "@/lib/secrets";
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
        authorize: (credentials) => verifyCredentials(credentials),
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
