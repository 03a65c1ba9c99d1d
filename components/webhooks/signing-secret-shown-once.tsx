"use client";

import { SecretShownOnce } from "@/components/ui/secret-shown-once";

/** A new webhook signing secret, shown this once with a copy button; closing drops it for good. */
export function SigningSecretShownOnce({
  secret,
  onDone,
  leaving,
  onStay,
}: {
  secret: string;
  onDone: () => void;
  leaving?: boolean;
  onStay?: () => void;
}) {
  return (
    <SecretShownOnce
      id="new-signing-secret"
      label="Signing secret"
      value={secret}
      copyLabel="Copy secret"
      onDone={onDone}
      leaving={leaving}
      onStay={onStay}
      warning={
        <>
          <strong>This is the only time the signing secret is shown.</strong> Store it with your receiver now
          and verify each request&apos;s <code className="font-mono">Tollgate-Signature</code> header with it.
          If you lose it, rotate it.
        </>
      }
    />
  );
}
