import Link from "next/link";
import type { Mode } from "@/lib/db";
import { cn } from "@/lib/cn";

export function ModeToggle({ mode }: { mode: Mode }) {
  return (
    <nav aria-label="Mode" className="inline-flex rounded-md border border-border p-0.5 text-sm">
      {(["test", "live"] as const).map((m) => (
        <Link
          key={m}
          href={`/${m}`}
          aria-current={m === mode ? "page" : undefined}
          className={cn("rounded px-3 py-1", m === mode ? (m === "test" ? "bg-warning text-black" : "bg-primary text-white") : "text-muted-foreground hover:bg-muted")}
        >
          {m === "test" ? "Test mode" : "Live mode"}
        </Link>
      ))}
    </nav>
  );
}
