import { test } from "@playwright/test";

const type = "walletconnect-document-skipped";
const warned = new Set<string>();

/**
 * Says, on the running test and once per version in the worker's output, that an answer was not
 * checked against WalletConnect's OpenAPI document of `version` because no clone of
 * WalletConnect/docs is on this machine (only the shapes written down in walletconnect-contract.ts
 * were checked): a skipped check must not read as a passed one.
 */
export function walletConnectCheckSkipped(version: string): void {
  const description = `WalletConnect's ${version} OpenAPI document is not on this machine (see e2e/support/walletconnect-documents.ts): answers were checked against the hand-written contract only.`;
  if (!warned.has(version)) {
    warned.add(version);
    console.warn(`SKIPPED: ${description}`);
  }
  let annotations: { type: string; description?: string }[];
  try {
    annotations = test.info().annotations;
  } catch {
    return; // outside a test (a worker fixture)
  }
  if (!annotations.some((a) => a.type === type && a.description === description))
    annotations.push({ type, description });
}
