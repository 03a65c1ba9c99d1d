import Link from "next/link";
import { listApiSensitiveChanges } from "@/lib/domain/audit-log/list-api-sensitive-changes";
import { db, type Mode } from "@/lib/core/db";
import { DateTime } from "@/components/payments/date-time";
import type { Scope } from "@/lib/core/tenancy/scope";
import { CopyButton } from "@/components/ui/copy-button";
import { DismissApiChangesButton } from "./dismiss-api-changes-button";

// A banner on every page stays short: the latest few changes, the rest in the audit log.
const shown = 3;

/**
 * Tells owners and admins the sensitive changes an API key made in the last 7 days (where money or
 * events go), in words, until each person dismisses it; a change made after that shows it again.
 */
export async function ApiSensitiveChangesBanner({
  mode,
  scope,
  userId,
}: {
  mode: Mode;
  scope: Scope;
  userId: string;
}) {
  const changes = await listApiSensitiveChanges(db(), scope, userId);
  if (changes.length === 0) return null;
  return (
    <section
      role="alert"
      aria-label="Sensitive changes made through the API"
      className="space-y-1 rounded-md border border-warning bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <div className="flex items-start justify-between gap-3">
        <p className="font-medium">
          {changes.length === 1
            ? "A change to where money or events go was"
            : `${changes.length} changes to where money or events go were`}{" "}
          made through the API in the last 7 days. If you did not expect this, revoke the key and undo the
          change.
        </p>
        <DismissApiChangesButton mode={mode} upTo={changes[0]!.createdAt.toISOString()} />
      </div>
      <ul className="space-y-0.5">
        {changes.slice(0, shown).map((change) => (
          <li key={change.id} className="break-all text-xs">
            <DateTime value={change.createdAt} /> — {change.actor}:{" "}
            {change.merchantId ? (
              <Link href={`/${mode}/merchants/${change.merchantId}`} className="underline">
                {change.what}
                {change.merchantName ? ` (${change.merchantName})` : ""}
              </Link>
            ) : (
              change.what
            )}
            {change.details.map(({ label, text, raw }) => (
              <span key={label}>
                {" "}
                · {label}: <span className="font-medium">{text}</span>
                {raw ? <CopyButton value={raw} label="Copy id" className="ml-1 h-6 px-2 text-xs" /> : null}
              </span>
            ))}
          </li>
        ))}
      </ul>
      <Link href={`/${mode}/audit-log`} className="text-xs underline">
        {changes.length > shown ? "See the rest in the audit log" : "See the audit log"}
      </Link>
    </section>
  );
}
