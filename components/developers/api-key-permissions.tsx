"use client";

import type { UseFormRegisterReturn } from "react-hook-form";
import { apiResources, type ApiPermission } from "@/lib/domain/permissions/api-key-permissions";

const resourceLabels = {
  merchants: "Merchants",
  settlements: "Settlements",
  payments: "Payments",
  refunds: "Refunds",
  webhooks: "Webhooks",
} as const;

/**
 * What a new key may do, as Read / Write checkboxes per resource sharing one form field (an array).
 * Permissions the creator's role cannot grant are shown disabled, so the ceiling is visible.
 */
export function ApiKeyPermissions({
  field,
  grantable,
  role,
  error,
}: {
  field: UseFormRegisterReturn;
  grantable: readonly ApiPermission[];
  role: string;
  error?: string;
}) {
  const errorId = "api-key-permissions-error";
  const withheld = apiResources
    .flatMap((r) => (["read", "write"] as const).map((a) => `${r}.${a}` as ApiPermission))
    .filter((p) => !grantable.includes(p));
  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined} aria-invalid={!!error}>
      <legend className="text-sm font-medium">Permissions</legend>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-xs text-muted-foreground">
            <th className="py-1 font-normal">Resource</th>
            <th className="w-20 py-1 font-normal">Read</th>
            <th className="w-20 py-1 font-normal">Write</th>
          </tr>
        </thead>
        <tbody>
          {apiResources.map((resource) => (
            <tr key={resource} className="border-t border-border">
              <th scope="row" className="py-1.5 text-left font-medium">
                {resourceLabels[resource]}
              </th>
              {(["read", "write"] as const).map((access) => {
                const permission = `${resource}.${access}` as ApiPermission;
                const allowed = grantable.includes(permission);
                return (
                  <td key={access} className="py-1.5">
                    <label className="inline-flex min-h-6 min-w-6 items-center gap-1.5">
                      <input
                        type="checkbox"
                        className="size-4 accent-primary"
                        value={permission}
                        disabled={!allowed}
                        aria-label={`${resourceLabels[resource]}: ${access}`}
                        {...field}
                      />
                    </label>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-xs text-muted-foreground">
        Write includes read.
        {withheld.length > 0
          ? ` Your role (${role}) cannot give a key ${withheld.join(", ")}: ask an owner or admin for such a key.`
          : null}
      </p>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
