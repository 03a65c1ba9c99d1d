import Link from "next/link";
import { listApiSensitiveChanges } from "@/lib/domain/audit-log/list-api-sensitive-changes";
import { db, type Mode } from "@/lib/core/db";
import { DateTime } from "@/components/payments/date-time";
import type { Scope } from "@/lib/core/tenancy/scope";

// A banner on every page stays short: the latest few changes, the rest in the audit log.
const shown = 3;

/** Tells owners and admins the sensitive changes an API key made in the last 7 days (where money or events go). */
export async function ApiSensitiveChangesBanner({ mode, scope }: { mode: Mode; scope: Scope }) {
  const changes = await listApiSensitiveChanges(db(), scope);
  if (changes.length === 0) return null;
  return (
    <section
      role="alert"
      aria-label="Sensitive changes made through the API"
      className="space-y-1 rounded-md border border-warning bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <p className="font-medium">
        {changes.length === 1
          ? "A change to where money or events go was"
          : `${changes.length} changes to where money or events go were`}{" "}
        made through the API in the last 7 days. If you did not expect this, revoke the key and undo the
        change.
      </p>
      <ul className="space-y-0.5">
        {changes.slice(0, shown).map((change) => (
          <li key={change.id} className="break-all text-xs">
            <DateTime value={change.createdAt} /> — {change.actor}:{" "}
            {change.merchantId ? (
              <Link href={`/${mode}/merchants/${change.merchantId}`} className="underline">
                {change.what}
              </Link>
            ) : (
              change.what
            )}
            {change.details.map(([label, value]) => (
              <span key={label}>
                {" "}
                · {label}: <span className="font-mono">{value}</span>
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
