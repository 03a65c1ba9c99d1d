import crypto from "node:crypto";
import type { CDPSession, Page } from "@playwright/test";

/** A credential as Chromium's WebAuthn domain reports and accepts it (binary fields in base64). */
export type VirtualCredential = {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  privateKey: string;
  userHandle?: string;
  signCount: number;
};

/**
 * Chromium's virtual authenticator on `page` (CDP WebAuthn domain): a platform authenticator
 * (ctap2, internal) that holds discoverable credentials and verifies its user without a prompt, as
 * a laptop's fingerprint reader would.
 */
export async function addVirtualAuthenticator(page: Page): Promise<{
  cdp: CDPSession;
  credentials: () => Promise<VirtualCredential[]>;
  replace: (credential?: VirtualCredential) => Promise<void>;
}> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const add = async () =>
    (
      await cdp.send("WebAuthn.addVirtualAuthenticator", {
        options: {
          protocol: "ctap2",
          transport: "internal",
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      })
    ).authenticatorId;
  const state = { authenticatorId: await add() };
  return {
    cdp,
    credentials: async () =>
      (await cdp.send("WebAuthn.getCredentials", { authenticatorId: state.authenticatorId }))
        .credentials as VirtualCredential[],
    /** Swaps the authenticator for a new one holding only `credential` (as if another device were used). */
    replace: async (credential) => {
      await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId: state.authenticatorId });
      state.authenticatorId = await add();
      if (credential)
        await cdp.send("WebAuthn.addCredential", { authenticatorId: state.authenticatorId, credential });
    },
  };
}

/** A new P-256 private key (PKCS#8, base64), for a credential that claims another's id but cannot sign as it. */
export function foreignPrivateKey(): string {
  return crypto
    .generateKeyPairSync("ec", { namedCurve: "P-256" })
    .privateKey.export({ format: "der", type: "pkcs8" })
    .toString("base64");
}
