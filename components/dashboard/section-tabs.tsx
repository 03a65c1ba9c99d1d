"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/components/ui/cn";

/**
 * Tabs across a dashboard section (Developers, Settings); a tab is current on its own page and the
 * pages below it. They wrap onto a second line on a phone, as the dashboard's navigation does, so
 * every tab is in sight rather than behind a sideways scroll.
 */
export function SectionTabs({ label, items }: { label: string; items: { href: string; label: string }[] }) {
  const pathname = usePathname();
  const current = items
    .filter((item) => pathname === item.href || pathname.startsWith(`${item.href}/`))
    .sort((a, b) => b.href.length - a.href.length)[0];
  return (
    <nav aria-label={label} className="flex flex-wrap gap-x-1 border-b border-border">
      {items.map((item) => (
        <Link
          key={item.href}
          href={item.href}
          aria-current={item === current ? "page" : undefined}
          className={cn(
            "-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm",
            item === current
              ? "border-primary font-medium text-primary"
              : "border-transparent text-muted-foreground hover:text-foreground",
          )}
        >
          {item.label}
        </Link>
      ))}
    </nav>
  );
}
