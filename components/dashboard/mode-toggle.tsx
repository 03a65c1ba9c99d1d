"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { Mode } from "@/lib/core/db";
import { cn } from "@/components/ui/cn";

// A resource id (`pay_…`, `mrch_…`, `we_…`) belongs to one mode, so switching mode on its page goes
// to the list it sits in; any other page is kept as it is.
const resourceId = /^[a-z]+_[0-9A-Za-z]{8,}$/;

export function modeSwitchHref(pathname: string, to: Mode): string {
  const [, , ...rest] = pathname.split("/");
  const idAt = rest.findIndex((segment) => resourceId.test(segment));
  const kept = idAt === -1 ? rest : rest.slice(0, idAt);
  return ["", to, ...kept].join("/").replace(/\/$/, "");
}

export function ModeToggle({ mode }: { mode: Mode }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Mode" className="inline-flex rounded-md border border-border p-0.5 text-sm">
      {(["test", "live"] as const).map((m) => (
        <Link
          key={m}
          href={modeSwitchHref(pathname, m)}
          aria-current={m === mode ? "page" : undefined}
          className={cn(
            "rounded px-3 py-1",
            m === mode
              ? m === "test"
                ? "bg-warning text-black"
                : "bg-primary text-white"
              : "text-muted-foreground hover:bg-muted",
          )}
        >
          {m === "test" ? "Test mode" : "Live mode"}
        </Link>
      ))}
    </nav>
  );
}
