"use client";

import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import type { Mode } from "@/lib/core/db";
import { cn } from "@/components/ui/cn";
import { modeSwitchHref } from "./mode-switch";

export function ModeToggle({ mode }: { mode: Mode }) {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  return (
    <nav aria-label="Mode" className="inline-flex rounded-md border border-border p-0.5 text-sm">
      {(["test", "live"] as const).map((m) => (
        <Link
          key={m}
          href={modeSwitchHref(pathname, search, m)}
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
