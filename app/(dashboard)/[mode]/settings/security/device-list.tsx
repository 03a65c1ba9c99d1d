import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/** The security page's lists of what can sign in (passkeys, sessions): one bordered row each. */
export function DeviceList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className="divide-y divide-border rounded-md border border-border" aria-label={label}>
      {children}
    </ul>
  );
}

/** A row of a DeviceList: its name and badge, a line of detail, and what can be done with it. */
export function DeviceRow({
  name,
  badge,
  detail,
  action,
  breakName = false,
}: {
  name: string;
  badge: ReactNode;
  detail: ReactNode;
  action: ReactNode;
  breakName?: boolean;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3">
      <div className="min-w-0 space-y-0.5 text-sm">
        <p className={cn("flex flex-wrap items-center gap-2 font-medium", breakName && "break-all")}>
          {name}
          {badge}
        </p>
        <p className="text-muted-foreground">{detail}</p>
      </div>
      {action}
    </li>
  );
}
