import Link from "next/link";
import { db, type Mode } from "@/lib/core/db";
import { DateTime } from "@/components/payments/date-time";
import type { Scope } from "@/lib/core/tenancy/scope";
import { listEndpointsDisabledForFailing } from "@/lib/domain/webhooks/list-endpoints";

/** Tells whoever manages webhooks that Tollgate turned endpoints off after 3 days of failed deliveries. */
export async function DisabledEndpointsBanner({ mode, scope }: { mode: Mode; scope: Scope }) {
  const disabled = await listEndpointsDisabledForFailing(db(), scope);
  if (disabled.length === 0) return null;
  return (
    <section
      role="alert"
      aria-label="Disabled webhook endpoints"
      className="space-y-1 rounded-md border border-destructive/40 bg-red-50 px-4 py-3 text-sm text-red-900"
    >
      <p className="font-medium">
        {disabled.length === 1
          ? "A webhook endpoint was disabled"
          : `${disabled.length} webhook endpoints were disabled`}
        : every delivery failed for 3 days, so no events are sent to {disabled.length === 1 ? "it" : "them"}.
      </p>
      <ul className="space-y-0.5">
        {disabled.map((endpoint) => (
          <li key={endpoint.id}>
            <Link
              href={`/${mode}/developers/webhooks/${endpoint.id}`}
              className="break-all font-mono text-xs underline"
            >
              {endpoint.url}
            </Link>{" "}
            <span className="text-xs">
              — disabled <DateTime value={endpoint.disabledAt!} />. Fix the receiver, then enable it again.
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
