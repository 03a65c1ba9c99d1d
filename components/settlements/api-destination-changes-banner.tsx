import Link from "next/link";
import { listApiDestinationChanges } from "@/lib/audit-log/list-api-destination-changes";
import { db, type Mode } from "@/lib/db";
import { DateTime } from "@/components/payments/date-time";
import type { Scope } from "@/lib/tenancy/scope";

/** Tells owners and admins each settlement destination an API key changed in the last 7 days. */
export async function ApiDestinationChangesBanner({ mode, scope }: { mode: Mode; scope: Scope }) {
  const changes = await listApiDestinationChanges(db(), scope);
  if (changes.length === 0) return null;
  return (
    <section role="alert" aria-label="Settlement destinations changed through the API" className="space-y-1 rounded-md border border-warning bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <p className="font-medium">
        {changes.length === 1 ? "A settlement destination was" : `${changes.length} settlement destinations were`} changed through the API in the last 7 days. Funds for new payments go to the new
        wallet. If you did not expect this, revoke the key and change the destination back.
      </p>
      <ul className="space-y-0.5">
        {changes.map((change) => (
          <li key={change.id} className="break-all text-xs">
            <DateTime value={change.createdAt} /> — {change.actor} pointed{" "}
            {change.merchantId ? (
              <Link href={`/${mode}/merchants/${change.merchantId}`} className="underline">
                {change.asset}
              </Link>
            ) : (
              change.asset
            )}{" "}
            from <span className="font-mono">{change.from}</span> to <span className="font-mono">{change.to}</span>.
          </li>
        ))}
      </ul>
      <Link href={`/${mode}/audit-log?action=crypto_settlement.updated`} className="text-xs underline">
        See the audit log
      </Link>
    </section>
  );
}
